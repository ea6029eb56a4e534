// cumsum, cumprod, cumsum_ and cumprod_ through the package (tc.cumsum,
// x.cumsum, x.cumsum_ ...: registry entries, Note [Op registry]) against
// PyTorch 1.13: the cases of fixtures/cumulative/cumulative.json, the same
// ones the core's tests/core/cumulative_test.cpp reads, values and
// gradients bit for bit, dtypes and error texts exact.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { TensorcastError } from 'tensorcast';
import { tc } from './helpers.js';

const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/cumulative/cumulative.json', import.meta.url), 'utf8'));
const decode = (v) => (v === 'nan' ? NaN : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v);

// The case's input: its values, dtype and layout ("t": a transpose's copy, transposed back).
function inputOf(c) {
  const data = c.input.map(decode).map((v) => (c.dtype === 'bool' ? v !== 0 : v));
  const x = tc.tensor(data, { dtype: c.dtype }).reshape(c.shape);
  return c.layout === 't' ? x.t().contiguous().t() : x;
}

// Object.is per element: NaN equals NaN, -0 differs from 0.
function assertBits(t, want, where) {
  const got = t.reshape(-1).toArray().map(Number);
  assert.equal(got.length, want.length, `${where}: length`);
  want.map(decode).forEach((w, i) => assert.ok(Object.is(got[i], w), `${where}[${i}]: expected ${w}, got ${got[i]}`));
}

function call(c, x) {
  const options = c.dtypeArg === null ? [] : [{ dtype: c.dtypeArg }];
  if (c.op.endsWith('_')) return x[c.op](c.dim, ...options);
  // tc.cumsum(x, dim) for the plain ops with a dtype=, x.cumsum(dim) without
  return options.length ? tc[c.op](x, c.dim, ...options) : x[c.op](c.dim);
}

test("cumsum/cumprod and their in-place forms: PyTorch's values, dtypes, errors and gradients", () => {
  assert.ok(FIXTURE.cases.length >= 60);
  for (const c of FIXTURE.cases) {
    const where = `${c.op}(${c.dim}${c.dtypeArg ? `, dtype=${c.dtypeArg}` : ''}) of ${c.dtype} [${c.shape}] ${c.layout}`;
    tc.tidy(() => {
      const x = inputOf(c);
      if (c.error) {
        assert.throws(() => call(c, x), (e) => {
          assert.ok(e instanceof TensorcastError, `${where}: ${e}`);
          assert.equal(e.message, c.error, where);
          assert.equal(e.kind === 'index', c.errorType === 'IndexError', `${where}: kind ${e.kind}`);
          return true;
        });
        assertBits(x, c.input, `${where}: the input after the refusal`);
        return;
      }
      if (c.upstream) x.requiresGrad_();
      const out = call(c, x);
      assert.equal(out.dtype, c.outDtype, `${where}: dtype`);
      assert.deepEqual(out.shape, c.shape, `${where}: shape`);
      assertBits(out, c.out, where);
      if (c.op.endsWith('_')) assertBits(x, c.out, `${where}: the tensor written`);
      if (!c.upstream) return;
      assert.equal(out.gradFn, c.op === 'cumsum' ? 'CumsumBackward0' : 'CumprodBackward0', where);
      out.backward(tc.tensor(c.upstream.map(decode), { dtype: c.outDtype }).reshape(c.shape));
      assert.equal(x.grad.dtype, c.dtype, `${where}: grad dtype`);
      assertBits(x.grad, c.grad, `${where}: grad`);
    });
  }
});

test('cumsum and cumprod in a program print what PyTorch prints', () => {
  const p = tc.run('import torch\nx = torch.tensor([1, 2, 3])\nprint(x.cumsum(0), x.cumprod(-1, dtype=torch.float32))\n');
  try {
    assert.equal(p.error, null);
    assert.equal(p.printed, 'tensor([1, 3, 6]) tensor([1., 2., 6.])\n');
  } finally {
    p.dispose();
  }
});
