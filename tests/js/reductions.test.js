// Reductions over dims beside sum, through the package: PyTorch's values,
// dtypes and shapes (hand-computed), 0-D and zero-size inputs, error texts,
// gradients (against finite differences in float64) and grad_fn names;
// every reduction of expanded inputs, up to 2^34 elements, against
// PyTorch's own results (fixtures/expanded-reductions).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { assertClose, tc, throwsTc } from './helpers.js';

const f = (data, shape) => tc.tensor(data, { dtype: 'float32', ...(shape ? { shape } : {}) });

test('mean: everything (0-D), over dims, keepdim, negative dims', () => {
  tc.tidy(() => {
    const x = f([[1, 2], [3, 4]]);
    assert.deepEqual(x.mean().shape, []);
    assert.equal(x.mean().item(), 2.5);
    assert.deepEqual(x.mean(0).toArray(), [2, 3]);
    assert.deepEqual(x.mean(-1, true).toArray(), [[1.5], [3.5]]);
    assert.equal(x.mean([0, 1]).item(), 2.5);
    assert.deepEqual(x.mean(undefined, true).shape, [1, 1]);
    assert.equal(x.double().mean(1).dtype, 'float64');
    assert.ok(Number.isNaN(tc.zeros([0]).mean().item()));
    assert.deepEqual(tc.zeros([2, 0]).mean(0).shape, [0]);
  });
});

test('amax, amin: several dims, ties, NaN, ints and bool keep their dtype', () => {
  tc.tidy(() => {
    const x = f([[1, 5, 5], [7, 2, 7]]);
    assert.deepEqual(x.amax(1).toArray(), [5, 7]);
    assert.deepEqual(x.amin(0, true).toArray(), [[1, 2, 5]]);
    assert.equal(x.amax().item(), 7);
    assert.equal(x.amax([0, 1]).item(), 7);
    assert.ok(Number.isNaN(f([1, NaN, 3]).amax(0).item()));
    assert.equal(tc.tensor([3, -9, 4]).amin(0).dtype, 'int64');
    assert.equal(tc.tensor([3, -9, 4]).amin(0).item(), -9);
    assert.deepEqual(tc.tensor([[false, true], [false, false]]).amax(1).toArray(), [true, false]);
  });
});

test('max, min: no dim gives 0-D; a dim gives { values, indices } with the first of ties', () => {
  tc.tidy(() => {
    const x = f([[1, 5, 5], [7, 2, 7]]);
    assert.equal(x.max().item(), 7);
    assert.deepEqual(x.max().shape, []);
    assert.equal(x.min().item(), 1);
    const { values, indices } = x.max(1);
    assert.deepEqual(values.toArray(), [5, 7]);
    assert.equal(indices.dtype, 'int64');
    assert.deepEqual(indices.toArray(), [1, 0]);
    const m = x.min(0, true);
    assert.deepEqual(m.values.toArray(), [[1, 2, 5]]);
    assert.deepEqual(m.indices.toArray(), [[0, 1, 0]]);
    const n = f([1, NaN, 9, NaN]).max(0);
    assert.ok(Number.isNaN(n.values.item()));
    assert.equal(n.indices.item(), 1);
    assert.equal(tc.tensor(4, { dtype: 'float32' }).max(0).indices.item(), 0);
  });
});

test('argmax, argmin: flattened or along a dim, keepdim', () => {
  tc.tidy(() => {
    const x = f([[1, 5, 5], [7, 2, 7]]);
    assert.equal(x.argmax().item(), 3);
    assert.deepEqual(x.argmax().shape, []);
    assert.deepEqual(x.argmax(undefined, true).shape, [1, 1]);
    assert.deepEqual(x.argmax(1).toArray(), [1, 0]);
    assert.deepEqual(x.argmin(0, true).toArray(), [[0, 1, 0]]);
    assert.equal(x.argmin().dtype, 'int64');
    assert.equal(f([1, NaN, NaN]).argmax().item(), 1);
  });
});

test('prod: int64 for integers, 1 for an empty product', () => {
  tc.tidy(() => {
    const x = f([[1, 2], [3, 4]]);
    assert.equal(x.prod().item(), 24);
    assert.deepEqual(x.prod(1).toArray(), [2, 12]);
    assert.deepEqual(x.prod(0, true).shape, [1, 2]);
    const p = tc.tensor([2, 3, 4], { dtype: 'int32' }).prod();
    assert.equal(p.dtype, 'int64');
    assert.equal(p.item(), 24);
    assert.equal(tc.tensor([true, true]).prod().dtype, 'int64');
    assert.equal(tc.zeros([0]).prod().item(), 1);
    assert.deepEqual(tc.zeros([2, 0]).prod(1).toArray(), [1, 1]);
  });
});

test('var, std: correction, unbiased, several dims, keepdim', () => {
  tc.tidy(() => {
    const x = f([1, 2, 3, 4]);
    assertClose([x.var().item()], [5 / 3]);
    assert.equal(x.var(null, { correction: 0 }).item(), 1.25);
    assert.equal(x.var(0, { unbiased: false }).item(), 1.25);
    assertClose([x.std(undefined, { correction: 0 }).item()], [Math.sqrt(1.25)]);
    const y = f([[1, 3], [2, 6]]);
    assert.deepEqual(y.var(1).toArray(), [2, 8]);
    assert.deepEqual(y.var(0, { keepdim: true }).toArray(), [[0.5, 4.5]]);
    assertClose([y.var([0, 1]).item()], [14 / 3]);
    assert.ok(Number.isNaN(f([3]).var().item()));  // one element, correction 1: 0 / 0
    assert.deepEqual(y.double().std(1, { correction: 0 }).toArray(), [1, 2]);
  });
});

test('logsumexp: stable for large values, -inf rows give -inf, integers give float32', () => {
  tc.tidy(() => {
    assertClose([f([0, 0]).logsumexp(0).item()], [Math.log(2)]);
    assertClose([f([1000, 1000]).logsumexp(0).item()], [1000 + Math.log(2)]);
    assert.equal(f([-Infinity, -Infinity]).logsumexp(0).item(), -Infinity);
    const x = f([[0, 1], [2, 3]]);
    assertClose(Array.from(x.logsumexp(1, true).data()), [Math.log(1 + Math.E), Math.log(Math.exp(2) + Math.exp(3))]);
    assert.deepEqual(x.logsumexp([0, 1]).shape, []);
    const li = tc.tensor([0, 0]).logsumexp(0);
    assert.equal(li.dtype, 'float32');
    assertClose([li.item()], [Math.log(2)]);
  });
});

test('softmax, logSoftmax: along any dim, rows sum to 1, extreme values', () => {
  tc.tidy(() => {
    assertClose(Array.from(f([0, Math.log(3)]).softmax(0).data()), [0.25, 0.75]);
    const x = f([[1, 2, 3], [4, 5, 6]]);
    const e = 1 / (1 + Math.exp(3));
    assertClose(Array.from(x.softmax(0).data()), [e, e, e, 1 - e, 1 - e, 1 - e]);
    const rows = x.softmax(-1).sum(1);
    assertClose(Array.from(rows.data()), [1, 1]);
    assertClose(Array.from(f([0, 0]).logSoftmax(0).data()), [-Math.log(2), -Math.log(2)]);
    assertClose(Array.from(f([1000, 1000, -Infinity]).softmax(0).data()), [0.5, 0.5, 0]);
    assert.ok(x.transpose(0, 1).softmax(1).isContiguous());
    assert.equal(tc.tensor(3, { dtype: 'float32' }).softmax(0).item(), 1);
    assert.deepEqual(tc.zeros([2, 0]).softmax(1).shape, [2, 0]);
  });
});

test('all, any: bool results, uint8 stays uint8 (PyTorch 1.13), empty: true and false', () => {
  tc.tidy(() => {
    const b = tc.tensor([[true, true], [false, true]]);
    assert.equal(b.all().item(), false);
    assert.deepEqual(b.all(1).toArray(), [true, false]);
    assert.deepEqual(b.any(0, true).toArray(), [[true, true]]);
    const u = tc.tensor([0, 7], { dtype: 'uint8' });
    assert.equal(u.any().dtype, 'uint8');
    assert.equal(u.any().item(), 1);
    assert.equal(u.all(0).item(), 0);
    assert.equal(f([NaN, 2]).all().item(), true);
    assert.equal(tc.zeros([0]).all().item(), true);
    assert.equal(tc.zeros([0]).any().item(), false);
  });
});

test('reductions: PyTorch\'s errors', () => {
  tc.tidy(() => {
    const e = tc.zeros([2, 0]);
    throwsTc(() => tc.tensor([1, 2]).mean(), 'type',
      'mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long');
    throwsTc(() => e.amax(1), 'index', 'amax(): Expected reduction dim 1 to have non-zero size.');
    throwsTc(() => e.max(-1), 'index', 'max(): Expected reduction dim 1 to have non-zero size.');
    throwsTc(() => e.max(), 'shape',
      "max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.");
    throwsTc(() => e.argmin(), 'index', 'argmin(): Expected reduction dim to be specified for input.numel() == 0.');
    throwsTc(() => tc.tensor([1, 2]).var(), 'type', 'std and var only support floating point and complex dtypes');
    throwsTc(() => tc.tensor([1, 2]).softmax(0), 'type', '"softmax_lastdim_kernel_impl" not implemented for \'Long\'');
    throwsTc(() => tc.tensor([[1], [2]]).logSoftmax(0), 'type', '"log_softmax_kernel_impl" not implemented for \'Long\'');
    throwsTc(() => f([1, 2]).mean([0, 0]), 'index', 'dim 0 appears multiple times in the list of dims');
    throwsTc(() => f([1, 2]).prod(1), 'index', 'Dimension out of range (expected to be in range of [-1, 0], but got 1)');
    // The binder's TypeErrors: PyTorch 1.13's texts, named-dim overloads
    // and "didn't match" lines included.
    throwsTc(() => f([1, 2]).max(0.5), 'type',
      'max() received an invalid combination of arguments - got (float), but expected one of:\n' +
      " * ()\n      didn't match because some of the arguments have invalid types: (!float!)\n" +
      " * (Tensor other)\n      didn't match because some of the arguments have invalid types: (!float!)\n" +
      ' * (int dim, bool keepdim)\n * (name dim, bool keepdim)\n');
    throwsTc(() => f([1, 2]).var({ bias: 1 }), 'type',
      'var() received an invalid combination of arguments - got (bias=int, ), but expected one of:\n * (tuple of ints dim, *, int correction, bool keepdim)\n * (tuple of ints dim, bool unbiased, bool keepdim)\n * (bool unbiased)\n' +
      "      didn't match because some of the keywords were incorrect: bias\n" +
      ' * (tuple of names dim, *, int correction, bool keepdim)\n * (tuple of names dim, bool unbiased, bool keepdim)\n');
    throwsTc(() => f([1, 2]).softmax(), 'type',
      'softmax() received an invalid combination of arguments - got (), but expected one of:\n * (int dim, torch.dtype dtype)\n * (name dim, *, torch.dtype dtype)\n');
    // its named-dim overload takes as many arguments: PyTorch lists them all
    // (Note [Signatures] in src/lang/signature.h)
    throwsTc(() => f([1, 2]).mean(0, false, 1), 'type',
      'mean() received an invalid combination of arguments - got (int, bool, int), but expected one of:\n * (*, torch.dtype dtype)\n' +
      ' * (tuple of ints dim, bool keepdim, *, torch.dtype dtype)\n * (tuple of names dim, bool keepdim, *, torch.dtype dtype)\n');
  });
});

// Central differences in float64 of loss = sum(fn(x) * w).
function checkGradient(fn, data, shape) {
  tc.tidy(() => {
    const x = tc.tensor(data, { dtype: 'float64', shape, requiresGrad: true });
    const out = fn(x);
    const w = tc.tensor(Array.from({ length: out.numel }, (_, i) => 0.5 + 0.25 * (i % 5)), { dtype: 'float64', shape: out.shape });
    out.mul(w).sum().backward();
    const got = Array.from(x.grad.data());
    const h = 1e-6;
    const loss = (values) => tc.noGrad(() => fn(tc.tensor(values, { dtype: 'float64', shape })).mul(w).sum().item());
    for (let i = 0; i < data.length; i++) {
      const up = data.slice();
      up[i] += h;
      const down = data.slice();
      down[i] -= h;
      const numeric = (loss(up) - loss(down)) / (2 * h);
      assert.ok(Math.abs(got[i] - numeric) <= 1e-5 * Math.max(1, Math.abs(numeric)), `element ${i}: ${got[i]} vs ${numeric}`);
    }
  });
}

test('reductions: gradients against finite differences', () => {
  const data = [0.5, -1.25, 2.0, 1.5, -0.75, 3.0, 1.1, -2.2, 0.9, 1.7, -0.3, 2.6];
  const shape = [2, 3, 2];
  for (const fn of [
    (x) => x.mean(),
    (x) => x.mean([0, 2]),
    (x) => x.amax(1),
    (x) => x.amin([0, -1], true),
    (x) => x.max(1).values,
    (x) => x.min(2, true).values,
    (x) => x.max(),
    (x) => x.prod(),
    (x) => x.prod(1),
    (x) => x.var(1),
    (x) => x.std([0, 2], { keepdim: true }),
    (x) => x.logsumexp(1),
    (x) => x.softmax(-1),
    (x) => x.logSoftmax(0),
  ]) checkGradient(fn, data, shape);
  checkGradient((x) => x.prod(1), [0, 2, 3, 0, 0, 4], [2, 3]);
});

test('reductions: grad_fn names and the gradient at ties', () => {
  tc.tidy(() => {
    const x = tc.tensor([1, 3, 3, 2], { dtype: 'float32', requiresGrad: true });
    const name = (t) => /grad_fn=<(\w+)>/.exec(t.toString())[1];
    assert.equal(name(x.mean()), 'MeanBackward0');
    assert.equal(name(x.mean(0)), 'MeanBackward1');
    assert.equal(name(x.amax(0)), 'AmaxBackward0');
    assert.equal(name(x.max(0).values), 'MaxBackward0');
    assert.equal(name(x.max()), 'MaxBackward1');
    assert.equal(name(x.min()), 'MinBackward1');
    assert.equal(name(x.prod()), 'ProdBackward0');
    assert.equal(name(x.prod(0)), 'ProdBackward1');
    assert.equal(name(x.var()), 'VarBackward0');
    assert.equal(name(x.std()), 'StdBackward0');
    assert.equal(name(x.logsumexp(0)), 'LogsumexpBackward0');
    assert.equal(name(x.softmax(0)), 'SoftmaxBackward0');
    assert.equal(name(x.logSoftmax(0)), 'LogSoftmaxBackward0');
    assert.equal(x.argmax().requiresGrad, false);
    x.amax(0).backward();
    assert.deepEqual(Array.from(x.grad.data()), [0, 0.5, 0.5, 0]);  // split among the ties
    x.grad = null;
    x.max(0).values.backward();
    assert.deepEqual(Array.from(x.grad.data()), [0, 1, 0, 0]);  // to the returned index
  });
});

// --- expanded inputs against PyTorch (fixtures/expanded-reductions/README.md)

const EXPANDED = JSON.parse(readFileSync(new URL('fixtures/expanded-reductions/cases.json', import.meta.url), 'utf8'));

function reduce(x, call) {
  const { op, dim, keepdim } = call;
  if (op === 'softmax') return x.softmax(dim);
  if (op === 'log_softmax') return x.logSoftmax(dim);
  if (op === 'var' || op === 'std') {
    const options = { keepdim: keepdim ?? false, ...(call.correction === undefined ? {} : { correction: call.correction }) };
    return x[op](dim ?? null, options);
  }
  if (dim === undefined) return keepdim === undefined ? x[op]() : x[op](undefined, keepdim);
  return x[op](dim, keepdim ?? false);
}

// The fixture's encoding (make_fixtures.py): floats, 'inf'/'-inf'/'nan', int64 as strings.
const decode = (v) => (v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v === 'nan' ? NaN : v);

// Results that are exact whatever the order of the arithmetic, or that
// follow PyTorch's order exactly (prod: Note [A product over a repeated
// dim]); the rest (var, std, logsumexp, softmax) within float32 rounding.
const EXACT_OPS = new Set(['amax', 'amin', 'max', 'min', 'argmax', 'argmin', 'all', 'any', 'prod']);

function checkResult(got, want, where, exact) {
  assert.deepEqual(got.shape, want.shape, `${where}: shape`);
  assert.equal(got.dtype, want.dtype, `${where}: dtype`);
  const flat = got.reshape(-1).toArray();
  if (want.dtype === 'int64') {
    assert.deepEqual(flat.map((v) => BigInt(v)), want.values.map((v) => BigInt(v)), where);
  } else if (want.dtype === 'bool') {
    assert.deepEqual(flat, want.values, where);
  } else if (exact) {
    assert.deepEqual(flat, want.values.map(decode), where);
  } else {
    assertClose(flat, want.values.map(decode), 2e-6);
  }
}

test(`expanded reductions: ${EXPANDED.cases.length} cases, up to 2^34 elements, as PyTorch computes them`, () => {
  for (const c of EXPANDED.cases) {
    tc.tidy(() => {
      const where = `${c.name} of ${JSON.stringify(c.base)} expanded to [${c.expand}]`;
      const base = c.base.map((v) => (c.dtype === 'int64' ? BigInt(v) : decode(v)));
      const x = tc.tensor(base, { dtype: c.dtype, shape: c.baseShape }).expand(c.expand);
      if (c.result.refused) {
        throwsTc(() => reduce(x, c.call), c.result.refused,
          new RegExp(`^out of memory: a tensor of shape \\[${c.expand.join(', ')}\\] of ${c.expand.reduce((a, b) => a * b)} elements needs`));
        return;
      }
      const got = reduce(x, c.call);
      if (c.departure) {
        // PyTorch's float32 accumulator stalls here; tensorcast gives its float64 value.
        const want = c.float64;
        checkResult(got.double(), { ...want }, `${where} (float64: ${c.departure})`, false);
        return;
      }
      const exact = EXACT_OPS.has(c.call.op);
      if (c.result.indices) {
        checkResult(got.values, c.result.values, `${where}: values`, exact);
        checkResult(got.indices, c.result.indices, `${where}: indices`, true);
      } else {
        checkResult(got, c.result, where, exact);
      }
    });
  }
});

test("a program: reductions of a 2^34-element expansion run at once; softmax's result is refused by name", () => {
  const byName = new Map(EXPANDED.cases.map((c) => [c.name, c]));
  const p = tc.run([
    'import torch',
    'a = torch.tensor([0.5, -1.5, 2.0, 3.25]).expand(2**32, 4)',
    'p = a.prod(0)', 'v = a.var(0)', 'm = a.amax()', 'al = a.all()', 'an = a.any(0)', 'mx = a.max(0)',
    'y = a.softmax(0)',
    '',
  ].join('\n'));
  try {
    for (const [name, fixture] of [['p', 'prod over the repeated dim'], ['v', 'var over the repeated dim'], ['m', 'amax over everything']]) {
      const want = byName.get(fixture);
      assert.deepEqual(want.base, [0.5, -1.5, 2.0, 3.25]);
      checkResult(p.get(name), want.result, `program's ${name}`, true);
    }
    assert.equal(p.get('al').item(), true);
    assert.deepEqual(p.get('an').toArray(), [true, true, true, true]);
    assert.deepEqual(p.get('mx')[1].toArray(), [0, 0, 0, 0]);
    assert.equal(p.error?.line, 9);
    assert.equal(p.error.kind, 'memory');
    assert.match(p.error.message, /^out of memory: a tensor of shape \[4294967296, 4\] of 17179869184 elements needs /);
  } finally {
    p.dispose();
  }
});
