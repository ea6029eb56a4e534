// Every preset renders with the result PyTorch gives. The expectations are
// PyTorch's answers to the worked examples of docs/examples.md (current
// PyTorch's, where its broadcasting note is out of date); each is also
// checked against the package's API in Node, so the page, the examples and
// the core must all agree.
import { expect, test } from '@playwright/test';
import { en } from '../web/src/i18n/en.ts';
import { zh } from '../web/src/i18n/zh.ts';
import { PRESETS } from '../web/src/model/presets.ts';
import { DEFAULT_STATE } from '../web/src/model/props.ts';
import { chainOf, operandsOf } from '../web/src/model/state.ts';
import { applyChain } from '../web/src/model/view-apply.ts';
import { parseChain } from '../web/src/model/view-chain.ts';
import { core, open, shown, torchSize, watch } from './helpers.js';

const EXPECTED = {
  same: { shape: [5, 7, 3] },
  trailing: { shape: [5, 3, 4, 1] },
  mismatch: { error: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1' },
  'result-size': { shape: [5, 3, 4, 1] },
  'one-dim': { shape: [3, 1, 7] },
  'zero-2x2': { error: 'The size of tensor a (0) must match the size of tensor b (2) at non-singleton dimension 1' },
  'zero-573': { error: 'The size of tensor a (0) must match the size of tensor b (3) at non-singleton dimension 2' },
  'zero-one': { shape: [0] },
  scalar: { shape: [2, 3] },
  'pad-front': { shape: [5, 2, 4, 1] },
  values: { shape: [2, 3] },
  'case-1-3': { shape: [2, 3] },
  'case-2-4': { error: 'The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1' },
  grad: { shape: [3] },
  'inplace-ok': { shape: [5, 3, 4, 1] },
  'inplace-fail': { error: "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]" },
  backcompat: { shape: [4, 4] },
  outer: { shape: [3, 3] },
  unsqueeze: { error: 'The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1' },
  where: { shape: [3, 3] },
  'view-T': { shape: [3, 2] },
  'view-coalesce': { shape: [3, 2, 4] },
};

/** What the package says for a preset's shapes and op. */
async function fromCore(preset) {
  const tc = await core();
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
  expect(Object.keys(EXPECTED).sort()).toEqual(PRESETS.map((p) => p.id).sort());
});

for (const preset of PRESETS) {
  test(`preset ${preset.id}: ${preset.title.en}`, async ({ page }) => {
    const problems = watch(page);
    await open(page, 'lang=en');
    await page.getByTestId('preset').selectOption(preset.id);
    const want = EXPECTED[preset.id];
    expect(await fromCore(preset)).toEqual(want);
    const got = await shown(page);
    if ('shape' in want) {
      expect(got).toEqual({ result: torchSize(want.shape), error: null });
    } else {
      expect(got).toEqual({ result: null, error: want.error });
    }
    // The titles exist in both languages and the menu shows the chosen one.
    expect(preset.title.zh.length).toBeGreaterThan(0);
    await expect(page.getByTestId('preset')).toHaveValue(preset.id);
    expect(problems).toEqual([]);
  });
}

test('the values preset adds rows: [[1,2,3],[4,5,6]] + [1,2,3] = [[2,4,6],[5,7,9]]', async ({ page }) => {
  await open(page, 'lang=en');
  await page.getByTestId('preset').selectOption('values');
  // The strides view draws the output's values, read back from the core.
  const texts = await page.locator('[data-testid="diagram"] text[data-key^="out:"]').allTextContents();
  expect(texts).toEqual(['2', '4', '6', '5', '7', '9']);
});

test("the backcompat example shows PyTorch's old UserWarning, as the core's run reported it", async ({ page }) => {
  const problems = watch(page);
  await open(page, 'lang=en');
  await page.getByTestId('preset').selectOption('backcompat');
  const note = page.locator('.verdict .note:not(.outer)');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('PyTorch before broadcasting treated both as 1-dim and gave (4, 1); now the result is (4, 4).');
  await expect(note.locator('pre')).toHaveText('UserWarning: self and other do not have the same shape, but are broadcastable, and have the same number of elements.\nChanging behavior in a backwards incompatible manner to broadcasting rather than viewing as 1-dimensional.');
  // The other views run the op again (gradients, the in-place check): the verdict keeps one note.
  for (const view of ['grad', 'inplace', 'strides', 'align']) {
    await page.getByTestId(`tab-${view}`).click();
    await expect(note).toHaveCount(1);
  }
  await page.getByTestId('lang').click();
  await expect(note).toContainText('引入广播之前');
  // Different numbers of elements: no warning.
  await page.getByTestId('shape-b').fill('3');
  await page.getByTestId('shape-a').fill('2,3');
  await expect(page.getByTestId('result-shape')).toHaveText(torchSize([2, 3]));
  await expect(note).toHaveCount(0);
  expect(problems).toEqual([]);
});

// The explanations name what a learner can look up, PyTorch's documentation,
// never material of the project's own that users have not seen.
for (const { id, text, extra } of [
  { id: 'zero-2x2', text: (m) => m.explain.zeroSize, extra: null },
  { id: 'inplace-fail', text: (m) => m.explain.oldMessage, extra: 'The expanded size of the tensor (1) must match the existing size (7) at non-singleton dimension 2.' },
]) {
  test(`preset ${id}: the explanation points to PyTorch's documentation, in both languages`, async ({ page }) => {
    await open(page, 'lang=en');
    await page.getByTestId('preset').selectOption(id);
    const problem = page.locator('.verdict .problem');
    for (const [m, docs] of [[en, 'PyTorch’s documentation (the note “Broadcasting semantics”)'], [zh, '官方文档“广播语义”']]) {
      if (m === zh) await page.getByTestId('lang').click();
      await expect(problem).toContainText(text(m));
      expect(text(m)).toContain(docs);
      if (extra !== null) await expect(problem).toContainText(extra);
      const shown = await page.locator('tensorcast-playground').evaluate((el) => el.shadowRoot.textContent);
      expect(shown).not.toMatch(/source doc|seeds|源文档/i);
    }
  });
}
