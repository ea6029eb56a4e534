// The playground's dtypes on the real core (web/src/model): each operand's
// dtype in the link, integer values for integer operands, the dtype
// decision read from the op's PromotionTrace (model/promotion.ts), and the
// gradient's words for operands that cannot require grad.
import assert from 'node:assert/strict';
import test from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const M = await loadWeb('model/compute', 'model/url', 'model/props', 'model/dtypes', 'model/format', 'i18n/en', 'i18n/zh', 'views/promotion');
const computed = (hash) => new M.Computation(tc, M.stateFromHash(hash));
const kinds = (statements) => statements.map((s) => s.kind);
const find = (statements, kind) => statements.find((s) => s.kind === kind);

test('a link without dtypes means float32, and the default link stays as it was', () => {
  const state = M.stateFromHash('#a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  assert.equal(state.da, 'float32');
  assert.equal(state.db, 'float32');
  assert.equal(M.hashFromState(M.DEFAULT_STATE), '#v=1&a=5,3,4,1&b=3,1,1&op=add&view=align&lang=en');
  const c = computed('a=3&b=3&op=add');
  assert.deepEqual(c.operands.map((o) => o.dtype), ['float32', 'float32']);
  assert.equal(c.run.dtype, 'float32');
});

test('each operand’s dtype goes into the link and back; an unknown dtype falls back to float32', () => {
  const state = { ...M.DEFAULT_STATE, da: 'int64', db: 'bool' };
  const hash = M.hashFromState(state);
  assert.match(hash, /&da=int64&db=bool$/);
  const back = M.stateFromHash(hash);
  assert.equal(back.da, 'int64');
  assert.equal(back.db, 'bool');
  assert.equal(M.stateFromHash('a=3&b=3&da=int8&db=Float').da, 'float32');
  assert.equal(M.stateFromHash('a=3&b=3&da=int8&db=Float').db, 'float32');
});

test('integer operands get small whole numbers, uint8 ones none below 0; a float64 operand keeps two exact decimals', () => {
  const ints = computed('a=40&b=40&op=add&da=int64&db=uint8&fa=random&fb=random');
  const [a, b] = ints.operands;
  assert.ok(a.values.every((v) => Number.isInteger(v) && v >= -5 && v <= 5), String(a.values));
  assert.ok(b.values.every((v) => Number.isInteger(v) && v >= 0 && v <= 9), String(b.values));
  assert.ok(new Set(a.values).size > 3, 'random, not constant');
  // The values the core holds are those.
  assert.deepEqual(Array.from(ints.strides.inputs[0].storage), Array.from(a.values));
  const f64 = computed('a=4&b=4&op=add&da=float64&fa=random');
  assert.ok(f64.operands[0].values.every((v) => Math.round(v * 100) / 100 === v));
});

test('a typed value an integer operand cannot hold is named, with the dtype', () => {
  const c = computed('a=3&b=3&op=add&da=int32&fa=custom&va=1,2.5,3');
  assert.deepEqual(c.operands[0].problem, { kind: 'token', token: '2.5', dtype: 'int32' });
  assert.equal(M.en.promotion.token('a', '2.5', 'int32'), 'Values of a: “2.5” is not a whole number, and a is int32.');
  // A whole number out of the dtype's range is the core's to refuse, as torch.tensor([300], dtype=torch.uint8) is.
  assert.deepEqual(computed('a=3&b=3&op=add&da=uint8&fa=custom&va=1,300,2').operands[0].problem,
    { kind: 'values', message: 'value cannot be converted to type uint8 without overflow' });
  const ok = computed('a=3&b=3&op=add&da=int32&fa=custom&va=1,True,-3');
  assert.equal(ok.operands[0].problem, null);
  assert.deepEqual(Array.from(ok.run.values), [1, 1, -3].map((v, i) => v + i));
});

test('int64 a + float32 b: a float outranks an integer, the result is float32, a is converted', () => {
  const c = computed('a=2,3&b=3&op=add&da=int64');
  assert.equal(c.run.dtype, 'float32');
  const s = c.promotion;
  assert.deepEqual(kinds(s), ['operand', 'operand', 'within', 'rule', 'casts']);
  assert.deepEqual(s.slice(0, 2), [
    { kind: 'operand', name: 'a', dtype: 'int64', category: 'tensor' },
    { kind: 'operand', name: 'b', dtype: 'float32', category: 'tensor' },
  ]);
  assert.deepEqual(find(s, 'within'), { kind: 'within', category: 'tensor', names: ['a', 'b'], dtypes: ['int64', 'float32'], dtype: 'float32', reason: 'kind', common: true });
  assert.deepEqual(find(s, 'rule'), { kind: 'rule', op: 'add', rule: 'promote', common: 'float32', compute: 'float32', result: 'float32' });
  assert.deepEqual(find(s, 'casts'), { kind: 'casts', names: ['a'], compute: 'float32' });
});

test('div of integers goes to float32; a comparison computes in the wider integer and gives bool', () => {
  const div = computed('a=3&b=3&op=div&da=int64&db=int64');
  assert.equal(div.run.dtype, 'float32');
  assert.deepEqual(find(div.promotion, 'within').reason, 'same');
  assert.deepEqual(find(div.promotion, 'rule'), { kind: 'rule', op: 'div', rule: 'promote-to-float', common: 'int64', compute: 'float32', result: 'float32' });
  assert.deepEqual(find(div.promotion, 'casts').names, ['a', 'b']);
  const lt = computed('a=3&b=3&op=lt&da=int32&db=int64');
  assert.equal(lt.run.dtype, 'bool');
  assert.equal(find(lt.promotion, 'within').reason, 'wider');
  assert.deepEqual(find(lt.promotion, 'rule'), { kind: 'rule', op: 'lt', rule: 'bool', common: 'int64', compute: 'int64', result: 'bool' });
});

test('the three categories: a 0-dim tensor counts only when it brings a higher kind (Note [Type promotion])', () => {
  // int32 [3] + int64 0-dim -> int32: same kind, so the tensor with dims decides.
  const same = computed('a=3&b=()&op=add&da=int32&db=int64');
  assert.equal(same.run.dtype, 'int32');
  assert.deepEqual(find(same.promotion, 'across'), {
    kind: 'across', decider: { category: 'tensor', names: ['a'], dtype: 'int32' }, higher: [],
    lower: [{ category: 'zero-dim', names: ['b'], dtype: 'int64' }], common: 'int32',
  });
  // int64 [3] + float64 0-dim -> float64: a higher kind, and a 0-dim tensor counts with its own dtype.
  const higher = computed('a=3&b=()&op=mul&da=int64&db=float64');
  assert.equal(higher.run.dtype, 'float64');
  assert.deepEqual(find(higher.promotion, 'across'), {
    kind: 'across', decider: { category: 'zero-dim', names: ['b'], dtype: 'float64' },
    higher: [{ category: 'tensor', names: ['a'], dtype: 'int64' }], lower: [], common: 'float64',
  });
  const en = M.en.promotion.across(...['decider', 'higher', 'lower', 'common'].map((k) => find(higher.promotion, 'across')[k]));
  assert.match(en, /brings a higher kind of number \(a float\) than a \(a tensor with dims, int64\)/);
});

test('in place: an integer a takes no float result, with PyTorch’s message; an int32 a takes an int64 result', () => {
  const refused = computed('a=2,3&b=3&op=add_&da=int64');
  assert.equal(refused.error, "result type Float can't be cast to the desired output type Long");
  const s = find(refused.promotion, 'inplace-refused');
  assert.deepEqual(s, { kind: 'inplace-refused', op: 'add_', self: 'int64', result: 'float32', message: refused.error });
  assert.match(M.en.promotion.inplaceRefused('a.add_(b)', s.self, s.result), /float32 result into a, which keeps its dtype, int64\. A float cannot go into an integer tensor/);
  const cast = computed('a=2,3&b=3&op=add_&da=int32&db=int64');
  assert.equal(cast.error, null);
  assert.deepEqual(find(cast.promotion, 'inplace'), { kind: 'inplace', op: 'add_', self: 'int32', result: 'int64', cast: true, comparison: false });
  // A shape the in-place op refuses is the in-place view's subject, not the dtypes'.
  assert.equal(computed('a=3,1&b=3&op=add_&da=int64').promotion, null);
});

test('bool - bool: PyTorch refuses it, and the block says so with its message', () => {
  const c = computed('a=3&b=3&op=sub&da=bool&db=bool');
  assert.match(c.error, /^Subtraction, the `-` operator, with two bool tensors is not supported\./);
  const s = c.promotion;
  assert.deepEqual(s[s.length - 1], { kind: 'refused', message: c.error });
  assert.deepEqual(s.slice(0, 2).map((x) => x.dtype), ['bool', 'bool']);
});

test('gradient: an integer operand gets none, said in words; with no float operand there is no backward', () => {
  const mixed = computed('a=2,3&b=3&op=mul&da=int64&view=grad');
  assert.equal(mixed.gradient.ok, true);
  assert.deepEqual(mixed.gradient.without, [{ name: 'a', dtype: 'int64' }]);
  assert.deepEqual(mixed.gradient.inputs.map((i) => i.name), ['b']);
  // b's gradient is a summed over dim 0 (mul by a).
  const a = Array.from(mixed.operands[0].values);
  assert.deepEqual(Array.from(mixed.gradient.inputs[0].grad.values), [0, 1, 2].map((j) => a[j] + a[3 + j]));
  assert.match(M.en.promotion.gradSkipped(mixed.gradient.without), /^a is int64: only floating-point tensors can require grad, so a gets no gradient\./);
  const ints = computed('a=3&b=3&op=add&da=int32&db=int64&view=grad');
  assert.deepEqual(ints.gradient, { ok: false, noFloatInput: true, without: [{ name: 'a', dtype: 'int32' }, { name: 'b', dtype: 'int64' }], result: 'int64' });
  assert.equal(M.en.promotion.gradNone(ints.gradient.without, 'int64'),
    'a is int32 and b is int64, and only floating-point tensors can require grad. So nothing records the op, and out (int64) has no gradient to pass back.');
});

test('every statement has words in both languages', () => {
  const hashes = ['a=2,3&b=3&op=add&da=int64', 'a=3&b=()&op=add&da=int32&db=int64', 'a=3&b=()&op=mul&da=int64&db=float64',
    'a=2,3&b=3&op=add_&da=int64', 'a=2,3&b=3&op=add_&da=int32&db=int64', 'a=3&b=3&op=eq_&da=int64', 'a=3&b=3&op=sub&da=bool&db=bool',
    'a=3&b=3&op=div&da=uint8&db=bool', 'a=3&b=3&op=ge&da=uint8&db=int32', 'c=3&a=3&b=3&op=where&da=float64&db=int64'];
  for (const hash of hashes) {
    const c = computed(hash);
    assert.ok(c.promotion !== null && c.promotion.length > 0, hash);
    for (const m of [M.en, M.zh]) {
      const ctx = { m, model: { computation: c } };
      for (const s of c.promotion) {
        const { text } = M.statementText(ctx, s);
        assert.ok(text.length > 10 && !/undefined|null|NaN/.test(text), `${hash} ${s.kind}: ${text}`);
      }
    }
  }
});

test('elements are written by dtype: every digit of an integer (an int32 that wrapped round too), True/False, floats short', () => {
  const c = computed('a=1&b=1&op=mul&da=int32&db=int32&fa=custom&va=100000&fb=custom&vb=100000');
  // 10^10 does not fit in int32: PyTorch's result wraps round to 10^10 - 2 * 2^32.
  assert.deepEqual(Array.from(c.run.values), [1410065408]);
  assert.equal(M.formatElement(c.run.values[0], c.run.dtype), '1410065408');
  assert.equal(M.formatElement(1e7, 'float32'), M.formatValue(1e7, false));
  assert.equal(M.formatElement(-3, 'int64'), '-3');
  assert.equal(M.formatElement(1, 'bool'), 'True');
  assert.equal(M.formatElement(2.5, 'float64'), '2.5');
});
