// PyTorch's semantics where tensorcast used to differ (tests/js/fixtures/
// semantics, written by PyTorch 1.13 itself): float sums and means in
// PyTorch's cascade order, bit for bit (Note [Cascade sum]); linspace and
// arange as its CPU kernels fill them; gradients accumulated into the
// existing .grad in place; and texts of errors and printed values. Each
// through the package and, where a program can say it, through tc.run.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from './helpers.js';

const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/semantics/semantics.json', import.meta.url), 'utf8'));

const decode = (v) => (v === 'nan' ? NaN : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v);

// make_fixtures.py's wave(n, dtype), computed by the same ops.
function wave(n, dtype) {
  return tc.arange(n, { dtype: 'int64' }).mul(7919).remainder(1009).to('float64').div(1009).sub(0.4).to(dtype);
}

function input(c) {
  let x = c.fill !== null ? tc.full(c.shape, c.fill, { dtype: c.dtype }) : wave(c.shape.reduce((a, b) => a * b, 1), c.dtype).reshape(c.shape);
  const v = c.view;
  if (v?.permute) x = x.permute(v.permute);
  if (v?.step) {
    const [d, s] = v.step;
    x = x.index(Array.from({ length: x.ndim }, (_, i) => (i === d ? `::${s}` : ':')).join(', '));
  }
  if (v?.expand) x = x.expand(v.expand);
  return x;
}

function reduce(x, c) {
  if (c.op === 'sum_to') return x.sumTo(c.dims);
  if (c.dims === null) return x[c.op]();
  return x[c.op](c.dims, { keepdim: c.keepdim });
}

function expectedBits(c) {
  const bytes = Buffer.from(c.bits, 'base64');
  const Typed = c.dtype === 'float64' ? Float64Array : Float32Array;
  return new Typed(bytes.buffer, bytes.byteOffset, bytes.byteLength / Typed.BYTES_PER_ELEMENT);
}

test('sums, means and sum_to add in PyTorch\'s cascade order, bit for bit', () => {
  for (const c of FIXTURE.sums) {
    tc.tidy(() => {
      const out = reduce(input(c), c);
      assert.deepEqual(out.shape, c.resultShape, c.name);
      const got = out.contiguous().data();
      const want = expectedBits(c);
      assert.equal(got.length, want.length, c.name);
      for (let i = 0; i < want.length; i++)
        if (!Object.is(got[i], want[i])) assert.fail(`${c.name}: element ${i} is ${got[i]}, PyTorch ${want[i]}`);
    });
  }
});

test('linspace and arange fill the values PyTorch\'s CPU kernels fill', () => {
  for (const c of FIXTURE.linspace) {
    tc.tidy(() => {
      const got = tc.linspace(c.start, c.end, c.steps, { dtype: c.dtype }).toArray();
      assert.deepEqual(got, c.values.map(decode), `linspace(${c.start}, ${c.end}, ${c.steps}, ${c.dtype})`);
    });
  }
  for (const c of FIXTURE.arange) {
    tc.tidy(() => {
      const got = tc.arange(c.start, c.end, c.step, { dtype: c.dtype }).toArray();
      assert.deepEqual(got, c.values.map(decode), `arange(${c.start}, ${c.end}, ${c.step}, ${c.dtype})`);
    });
  }
});

test('a second backward adds into the .grad tensor already there (AccumulateGrad)', () => {
  tc.tidy(() => {
    const w = tc.tensor([1, 2, 3], { dtype: 'float32', requiresGrad: true });
    w.mul(w).sum().backward();
    const g = w.grad;
    const before = g.data().slice();
    w.mul(3).sum().backward();
    assert.deepEqual([...before], [2, 4, 6]);
    assert.deepEqual([...g.data()], [5, 7, 9], 'the tensor held before sees the sum');
    assert.equal(w.grad, g, 'the same tensor');
  });
});

test('programs print and raise what PyTorch does', () => {
  for (const c of FIXTURE.programs) {
    const p = tc.run(c.code);
    try {
      assert.equal(p.printed, c.printed, c.name);
      if (c.error === null) {
        assert.equal(p.error, null, `${c.name}: ${p.error?.message}`);
      } else {
        assert.ok(p.error, `${c.name}: an error`);
        assert.deepEqual({ line: p.error.line, pythonType: p.error.pythonType, message: p.error.message }, c.error, c.name);
      }
    } finally {
      p.dispose();
    }
  }
});
