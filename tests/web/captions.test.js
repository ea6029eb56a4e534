// The step captions of the two-shape views (web/src/views/panels.ts,
// stepCaption: the text the page shows above each step's diagram), from
// the playground's model on the real core, in both languages. Switching the
// language on the page is e2e/language.spec.js.
import assert from 'node:assert/strict';
import test from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const { PlaygroundModel, stateFromHash, stepCaption, messagesFor, paletteFor } =
  await loadWeb('model/model', 'model/url', 'views/panels', 'i18n/i18n', 'diagram/palette');

/** The caption of each step of the view the hash names, as the page shows it for that hash at that step. */
function captions(hash) {
  const state = stateFromHash(hash);
  const model = new PlaygroundModel(tc, state);
  const ctx = { model, m: messagesFor(state.lang), p: paletteFor('light', false) };
  return model.steps.map((step, index) => {
    model.goTo(index);
    assert.equal(model.stepIndex, index);
    return stepCaption(ctx, model.step, index);
  });
}

test('every step of every view has its caption in both languages', () => {
  const cjk = /[\u4e00-\u9fff]/;
  for (const view of ['align', 'strides', 'grad', 'inplace']) {
    const hash = (lang) => `#a=5,1,4,1&b=3,1,1&op=add&view=${view}&lang=${lang}`;
    const zh = captions(hash('zh'));
    const en = captions(hash('en'));
    assert.equal(en.length, zh.length);
    assert.ok(zh.length > 2, `${view}: ${zh.length} steps`);
    for (let step = 0; step < zh.length; step++) {
      assert.match(zh[step], cjk, `${view} step ${step}`);
      assert.doesNotMatch(en[step], cjk, `${view} step ${step}`);
      assert.ok(en[step].length > 20, `${view} step ${step}: ${en[step]}`);
    }
  }
});
