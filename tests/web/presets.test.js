// The playground's presets (web/src/model/presets.ts) against the package:
// each one's shapes, view chains and op give the result of
// tests/web/preset-results.js (e2e/presets.spec.js checks that the page
// shows the same), and no title gives its answer away (predict mode asks
// for it).
import assert from 'node:assert/strict';
import test from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';
import { EXPECTED } from './preset-results.js';

const { PRESETS, DEFAULT_STATE, chainOf, operandsOf, applyChain, parseChain } =
  await loadWeb('model/presets', 'model/props', 'model/state', 'model/view-apply', 'model/view-chain');

/** What the package says for a preset's shapes and op. */
function fromCore(preset) {
  const state = { ...DEFAULT_STATE, ...preset.state };
  return tc.tidy(() => {
    const tensors = operandsOf(state.op).map((name) => {
      const shape = tc.parseShape(state[name]);
      const base = name === 'c' ? tc.zeros(shape).eq(0) : tc.zeros(shape);
      const chain = parseChain(tc, chainOf(state, name));
      if (!chain.ok) throw new Error(`preset ${preset.id}: unreadable chain`);
      const view = applyChain(base, chain.links);
      if (!view.ok) throw new Error(`preset ${preset.id}: chain failed`);
      return view.tensor;
    });
    const run = tc.explain.op(state.op, ...tensors);
    return run.error !== null ? { error: run.error } : { shape: run.result.shape };
  });
}

test('every preset has an expected result', () => {
  assert.deepEqual(Object.keys(EXPECTED).sort(), PRESETS.map((p) => p.id).sort());
});

for (const preset of PRESETS) {
  test(`preset ${preset.id}: ${preset.title.en}: the package gives the expected result`, () => {
    assert.deepEqual(fromCore(preset), EXPECTED[preset.id]);
    // The titles exist in both languages.
    assert.ok(preset.title.zh.length > 0);
  });
}

test('no example’s title gives away its answer, in either language', () => {
  // Words that say how it ends: an outer product, an error, whether it broadcasts, an arrow or = to a result.
  const telling = /outer|error|cannot|can’t|broadcast|must|→|[)\]]\s*=|\.grad\s*=|外积|报错|错误|不能|不可|广播|必须/i;
  for (const preset of PRESETS) {
    const state = { ...DEFAULT_STATE, ...preset.state };
    const inputs = operandsOf(state.op).map((name) => tc.parseShape(state[name]));
    const result = tc.explain.broadcast(...inputs).result;
    for (const title of [preset.title.en, preset.title.zh]) {
      assert.doesNotMatch(title, telling, preset.id);
      // The result's shape, written any usual way, unless it is an input's own shape (then the title names the input).
      if (result !== null && !inputs.some((s) => s.join() === result.join())) {
        const inner = [result.join(','), result.join(', ')].map((t) => (result.length === 1 ? `${t},` : t));
        for (const text of inner.flatMap((t) => [`(${t})`, `[${t}]`])) assert.ok(!title.includes(text), `${preset.id}: ${title} has ${text}`);
      }
    }
  }
});
