// A puzzle's signature and its checker's draws (web/src/model/puzzle-signature.ts,
// Note [Puzzle draws]): the grammar read, every broken signature refused
// with what is wrong, and draws reproducible from the seed, edges first,
// each size and value inside its range.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/puzzle-signature');

test('a signature: inputs with dtypes and named dims, ints, value ranges naming dims, the result', () => {
  const sig = web.parseSignature('def bincount(x: int64[n] in range(m), m: int, w: float32[n, 3]) -> int64[m]', { m: 'range(1, 5)', n: 'range(0, 7)' });
  assert.equal(sig.name, 'bincount');
  assert.deepEqual(sig.params.map((p) => p.name), ['x', 'm', 'w']);
  assert.deepEqual(sig.params[0].type, { kind: 'tensor', dtype: 'int64', dims: ['n'], values: { start: { value: 0 }, stop: { name: 'm', plus: 0 } } });
  assert.deepEqual(sig.params[1].type, { kind: 'int' });
  assert.deepEqual(sig.params[2].type.dims, ['n', 3]);
  assert.deepEqual(sig.result, { kind: 'tensor', dtype: 'int64', dims: ['m'], values: null });
  assert.deepEqual([...sig.ranges.keys()], ['m', 'n']);
  const zeroD = web.parseSignature('def f(s: float32[]) -> float32[]', {});
  assert.deepEqual(zeroD.params[0].type.dims, []);
  const offsets = web.parseSignature('def f(x: float32[n] in range(-3, n - 1)) -> bool', { n: 'range(2, 4)' });
  assert.deepEqual(offsets.params[0].type.values, { start: { value: -3 }, stop: { name: 'n', plus: -1 } });
});

test('a broken signature says what is wrong and where', () => {
  const cases = [
    ['def f(x: float16[n]) -> float32[n]', { n: 'range(1, 3)' }, "unknown type 'float16' (known: float32, float64, int64, int32, bool, int, float, bool)", 9],
    ['def f(x: float32[n]) -> float32[n]', {}, '\'n\' has no range: give its sizes, e.g. "n": "range(1, 6)"', 0],
    ['def f(x: float32[n]) -> float32[n]', { n: 'range(1, 3)', m: 'range(2)' }, "a range for 'm', which the signature does not name", 0],
    ['def f(x: float32[n, m]) -> float32[n]', { n: 'range(1, m)', m: 'range(2)' }, "range of 'n' names 'm', which has no range before it", 0],
    ['def f(x: float32[n], x: float32[n]) -> float32[n]', { n: 'range(1, 3)' }, "parameter 'x' is given twice", 21],
    ['def f(x: float32[n]) -> float32[n] extra', { n: 'range(1, 3)' }, "expected the end of the signature, found 'extra'", 35],
    ['def f(x: float32[n]) float32[n]', { n: 'range(1, 3)' }, "expected '->', found 'float32'", 21],
    ['def f(x float32[n]) -> float32[n]', { n: 'range(1, 3)' }, "expected ':', found 'float32'", 8],
    ['def f(x: float32[n) -> float32[n]', { n: 'range(1, 3)' }, "expected ']', found ')'", 18],
    ['def f(x: float32[n]) -> float32[n]', { n: 'ranje(1, 3)' }, "range of 'n': expected 'range', found '('", 5],
    ['def f(x: float32[n]) -> float32[n]', { n: 'range(1, 3) + 1' }, "range of 'n': expected the end of the range, found '+'", 12],
    ['def f(x: float32[n $]) -> float32[n]', { n: 'range(1, 3)' }, "unexpected character '$'", 19],
    ['', {}, "expected 'def', found the end", 0],
  ];
  for (const [text, ranges, message, at] of cases) {
    assert.throws(() => web.parseSignature(text, ranges), (e) => {
      assert.ok(e instanceof web.SignatureError, `${text}: ${e}`);
      assert.equal(e.message, message, text);
      assert.equal(e.at, at, text);
      return true;
    });
  }
});

test('draws: the same for a seed, edges first, every size and value inside its range', () => {
  const sig = web.parseSignature('def bincount(x: int64[n] in range(m), m: int, s: float32[]) -> int64[m]', { m: 'range(1, 5)', n: 'range(0, 7)' });
  const a = web.draws(sig, 42, 20);
  assert.deepEqual(web.draws(sig, 42, 20), a);
  assert.notDeepEqual(web.draws(sig, 43, 20).slice(3), a.slice(3));
  // the edges: the smallest sizes (n = 0 is allowed), 1, the largest
  assert.deepEqual(a.slice(0, 3).map((d) => d.sizes), [{ m: 1, n: 0 }, { m: 1, n: 1 }, { m: 4, n: 6 }]);
  assert.deepEqual(a[0].inputs.x, { dtype: 'int64', shape: [0], values: [] });
  const seen = new Set();
  for (const d of a) {
    assert.ok(d.sizes.m >= 1 && d.sizes.m <= 4 && d.sizes.n >= 0 && d.sizes.n <= 6, JSON.stringify(d.sizes));
    assert.equal(d.inputs.m, d.sizes.m);
    assert.deepEqual(d.inputs.x.shape, [d.sizes.n]);
    for (const v of d.inputs.x.values) assert.ok(Number.isInteger(v) && v >= 0 && v < d.sizes.m);
    assert.deepEqual(d.inputs.s.shape, []);
    assert.equal(d.inputs.s.values.length, 1);
    seen.add(JSON.stringify(d.sizes));
  }
  assert.ok(seen.size >= 8, `${seen.size} different sizes in 20 draws`);
  // floats are small integers (exact in any order of sums): -5 to 5 unless the signature says otherwise
  const f = web.draws(web.parseSignature('def f(x: float32[n]) -> float32[n]', { n: 'range(50, 51)' }), 1, 4);
  for (const d of f) for (const v of d.inputs.x.values) assert.ok(Number.isInteger(v) && v >= -5 && v <= 5);
  // a range the sizes before it leave empty is the puzzle's mistake, named
  const empty = web.parseSignature('def f(x: int64[n] in range(m)) -> int64[n]', { m: 'range(0, 3)', n: 'range(1, 3)' });
  assert.throws(() => web.draws(empty, 1, 3), { name: 'SignatureError', message: 'the values of \'x\' have an empty range when {"m":0,"n":1}' });
});
