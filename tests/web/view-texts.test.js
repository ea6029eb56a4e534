// What the gradient and in-place views say beside their diagrams, from the
// playground's model on the real core: the details panel (PANELS[view]
// .details, the template the page renders; read as text by
// template-text.js) and the step captions (stepCaption), in both languages.
// The page showing them is e2e/gradient.spec.js and e2e/inplace.spec.js,
// for one op each.
import assert from 'node:assert/strict';
import test from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';
import { templateHtml, templateText, testIdTexts } from './template-text.js';

const { PlaygroundModel, stateFromHash, PANELS, stepCaption, messagesFor, paletteFor } =
  await loadWeb('model/model', 'model/url', 'views/panels', 'i18n/i18n', 'diagram/palette');

/** The page for a hash, as the model makes it: at the hash's step (the last when it names none). */
function opened(hash) {
  const state = stateFromHash(hash);
  const model = new PlaygroundModel(tc, state);
  const ctx = { model, m: messagesFor(state.lang), p: paletteFor('light', false) };
  return {
    model,
    details: () => PANELS[state.view].details(ctx, model.step, false),
    caption: () => stepCaption(ctx, model.step, model.stepIndex),
    /** The caption after going to a step (0-based). */
    captionAt(index) {
      model.goTo(index);
      assert.equal(model.stepIndex, index);
      return stepCaption(ctx, model.step, index);
    },
  };
}

// ---- The in-place view (web/src/views/inplace.ts): each op's real in-place form, from the core's op table.

for (const op of ['pow', 'eq', 'ne', 'lt', 'le', 'gt', 'ge']) {
  test(`${op}: the in-place view runs ${op}_ itself, with no stand-in`, () => {
    const page = opened(`a=2,3&b=3&op=${op}&view=inplace&lang=en`);
    const details = page.details();
    assert.ok(templateText(details).includes(`a.${op}_(b) writes the result into a itself`), templateText(details));
    assert.deepEqual(testIdTexts(details, 'inplace-stand-in'), []);
    for (const text of [templateText(details), page.caption()]) assert.ok(!text.includes('has no in-place form'), text);
  });
}

test('a comparison written into a keeps float32: 1 where it holds, 0 elsewhere (en and zh)', () => {
  assert.deepEqual(testIdTexts(opened('a=2,3&b=3&op=eq_&view=inplace&lang=en').details(), 'inplace-dtype'),
    ['a.eq_(b) is a comparison written into a: a keeps its dtype float32, so each element becomes 1 where the comparison holds and 0 where it does not (PyTorch casts the bool result to a’s dtype).']);
  assert.deepEqual(testIdTexts(opened('a=2,3&b=3&op=gt&view=inplace&lang=zh').details(), 'inplace-dtype'),
    ['a.gt_(b) 是写入 a 的比较运算：a 保持 dtype float32，比较成立的元素变为 1，不成立的变为 0（PyTorch 把 bool 结果转换成 a 的 dtype）。']);
});

for (const op of ['maximum', 'minimum', 'where']) {
  test(`${op}: PyTorch has no ${op}_, and the in-place view says so truthfully (en and zh)`, () => {
    assert.deepEqual(testIdTexts(opened(`a=2,3&b=3&op=${op}&view=inplace&lang=en`).details(), 'inplace-stand-in'),
      [`PyTorch has no ${op}_ (${op} has no in-place form), so this view shows add_.`]);
    assert.deepEqual(testIdTexts(opened(`a=2,3&b=3&op=${op}&view=inplace&lang=zh`).details(), 'inplace-stand-in'),
      [`PyTorch 没有 ${op}_（${op} 没有原地版本），因此本视图显示 add_。`]);
  });
}

// ---- The gradient view (web/src/views/gradient.ts).

// The core's refusal ("element 0 of tensors does not require grad ...")
// says what, not why: the view says in plain words that a bool result has
// no gradient, and why a comparison has none.
for (const op of ['eq', 'ne', 'lt', 'le', 'gt', 'ge']) {
  test(`${op}: a bool result has no gradient, said in plain words (en and zh), not a raw autograd error`, () => {
    for (const [lang, said, why, caption] of [
      ['en', `a.${op}(b) gives a bool tensor (True or False in each element), and a bool tensor has no gradient: only floating-point tensors can require grad, so there is nothing to pass back to a or b.`,
        'Why: a comparison is not differentiable.', 'No backward pass to step through: out is a bool tensor, which has no gradient.'],
      ['zh', `a.${op}(b) 的结果是 bool 张量（每个元素为 True 或 False），而 bool 张量没有梯度：只有浮点张量才能 requires_grad，所以没有梯度可以传回 a 或 b。`,
        '原因：比较运算不可微。', '没有可以逐步查看的反向传播：out 是 bool 张量，没有梯度。'],
    ]) {
      const page = opened(`a=3&b=3&op=${op}&view=grad&lang=${lang}`);
      const details = page.details();
      assert.deepEqual(testIdTexts(details, 'grad-bool'), [said], lang);
      assert.ok(templateText(details).includes(why), lang);
      assert.equal(page.caption(), caption);
      assert.ok(!/class="[^"]*\bmessage\b/.test(templateHtml(details)), lang);
    }
  });
}

// Expected values from the package, for the page's values (arange for a and b, True/False alternating for c).
const shapeText = (shape) => (shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`);
// The English captions' words for a list of dims: "dim 0", "dims 0 and 2".
const dimWords = (dims) => (dims.length === 1 ? `dim ${dims[0]}` : `dims ${dims.slice(0, -1).join(', ')} and ${dims[dims.length - 1]}`);

for (const { op, loss, a, b, c = [1, 3] } of [
  { op: 'mul', loss: 'weighted', a: [5, 1, 4, 1], b: [3, 1, 1] },
  { op: 'sub', loss: 'sum', a: [2, 3], b: [3] },
  { op: 'div', loss: 'weighted', a: [4, 1], b: [1, 3] },
  { op: 'where', loss: 'weighted', a: [3], b: [2, 1], c: [1, 3] },
]) {
  test(`${op} with ${loss} loss: the core's calls and the reduction steps' captions are the backward trace's`, () => {
    const steps = tc.tidy(() => {
      const ta = tc.arange(a.reduce((p, s) => p * s, 1), { dtype: 'float32' }).reshape(a).detach();
      const tb = tc.arange(b.reduce((p, s) => p * s, 1), { dtype: 'float32' }).reshape(b).detach();
      const A = tc.tensor(ta.data(), { dtype: 'float32', shape: a, requiresGrad: true });
      const B = tc.tensor(tb.data(), { dtype: 'float32', shape: b, requiresGrad: true });
      const cond = tc.tensor(Array.from({ length: c.reduce((p, s) => p * s, 1) }, (_, i) => i % 2 === 0), { shape: c });
      const out = op === 'where' ? tc.where(cond, A, B) : A[op](B);
      const l = loss === 'sum' ? out.sum() : out.mul(tc.arange(1, out.numel + 1, 1, { dtype: 'float32' }).reshape(out.shape)).sum();
      const trace = tc.explain.backward(l).steps;
      return [A, B].map((t) => trace.find((s) => s.inputId === t.id));
    });
    const cPart = op === 'where' ? `&c=${c.join(',')}` : '';
    const page = opened(`a=${a.join(',')}&b=${b.join(',')}${cPart}&op=${op}&view=grad&loss=${loss}&lang=en`);
    // The core's one call for each input, as its trace says: one sum with keepdim, a view when dims were added in front.
    const details = page.details();
    for (const [i, name] of ['a', 'b'].entries()) {
      const { leadingDims, onesDims, viewed, resultShape } = steps[i];
      const dims = [...leadingDims, ...onesDims].sort((x, y) => x - y);
      const arg = dims.length === 1 ? String(dims[0]) : `(${dims.join(', ')})`;
      const call = dims.length === 0 ? 'grad' : `grad.sum(${arg}, keepdim=True)${viewed ? `.view${shapeText(resultShape)}` : ''}`;
      assert.deepEqual(testIdTexts(details, `call-${name}`), [call], name);
    }
    // The captions of the reduction steps name the dims from the core's trace.
    const leading = page.captionAt(2);
    for (const [i, name] of ['a', 'b'].entries()) {
      const dims = steps[i].leadingDims;
      const words = dims.length > 0 ? `${name}: ${dimWords(dims)} ${dims.length === 1 ? 'was' : 'were'} added on the left` : `${name}: nothing to sum`;
      assert.ok(leading.includes(words), `${leading} has ${words}`);
    }
    const ones = page.captionAt(3);
    for (const [i, name] of ['a', 'b'].entries()) {
      const dims = steps[i].onesDims;
      const words = dims.length > 0 ? `${name}: ${dimWords(dims)} had size 1` : `${name}: nothing to sum`;
      assert.ok(ones.includes(words), `${ones} has ${words}`);
    }
    // The last step views only what had dims added in front, from the trace's keepdim shape to the input's.
    const last = page.captionAt(4);
    for (const [i, name] of ['a', 'b'].entries()) {
      const { viewed, keepdimShape, resultShape, leadingDims, onesDims } = steps[i];
      if (viewed) assert.ok(last.includes(`${name}: view ${shapeText(keepdimShape)} → ${shapeText(resultShape)}`), last);
      else if (onesDims.length > 0) assert.ok(last.includes(`${name}: the sum already has ${name}’s shape ${shapeText(resultShape)}, so no view is needed`), last);
      else assert.deepEqual(leadingDims, []);
      if (!viewed) assert.ok(!last.includes(`${name}: view`), last);
    }
  });
}

test('the leading dims stay as size 1 after their keepdim sum, until the view: the captions in Chinese', () => {
  const page = opened('a=5,1,4,1&b=3,1,1&op=add&view=grad&lang=zh');
  assert.ok(page.captionAt(2).includes('b：第 0 维是广播时在左边补上的。用 keepdim=True 求和后保留为大小 1'));
  const last = page.captionAt(4);
  assert.ok(last.includes('a：求和结果已经是 a 的形状 (5, 1, 4, 1)，不需要 view'), last);
  assert.ok(last.includes('b：view (1, 3, 1, 1) → (3, 1, 1)'), last);
});
