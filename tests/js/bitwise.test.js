// The bitwise and logical ops from JavaScript (tc.bitwiseAnd, x.logicalNot_
// ...: generated members of the library's entries, src/lang/lib_bitwise.cpp)
// and the operators & | ^ ~ &= |= ^= in tc.run's programs, against PyTorch
// 1.13 and Python (fixtures/bitwise/make_fixture.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { TensorcastError } from 'tensorcast';
import { tc } from './helpers.js';

const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/bitwise/bitwise.json', import.meta.url), 'utf8'));
const decode = (v) => (v === 'nan' ? NaN : v);

function assertTensor(got, want, where) {
  assert.deepEqual(got.shape, want.shape, `${where}: shape`);
  assert.equal(got.dtype, want.dtype, `${where}: dtype`);
  const flat = got.reshape(-1).toArray().map((v) => (typeof v === 'boolean' ? v : Number(v)));
  assert.deepEqual(flat, want.values.map(decode), `${where}: values`);
}

test("programs with & | ^ ~ and the bitwise and logical ops print and raise what PyTorch 1.13 and Python do", () => {
  assert.ok(FIXTURE.cases.length >= 40);
  for (const c of FIXTURE.cases) {
    const p = tc.run(c.code);
    try {
      const where = JSON.stringify(c.code.split('\n').slice(6).join('; ').slice(0, 100));
      // the fixture's form of what the program printed and raised
      const error = p.error === null ? null : { type: p.error.pythonType, message: p.error.message, line: p.error.line };
      assert.deepEqual({ printed: p.printed, error }, { printed: c.printed, error: c.error }, where);
    } finally {
      p.dispose();
    }
  }
});

test('tc.bitwiseAnd ... x.logicalNot_: values, dtypes, in-place results and errors as PyTorch gives them', () => {
  assert.ok(FIXTURE.calls.length >= 20);
  for (const c of FIXTURE.calls) {
    tc.tidy(() => {
      const inputs = Object.fromEntries(Object.entries(FIXTURE.inputs).map(([name, { data, dtype }]) =>
        [name, tc.tensor(data.map(decode), { dtype })]));
      const args = c.args.map((a) => (a !== null && typeof a === 'object' ? inputs[a.tensor] : a));
      const self = c.receiver === null ? null : inputs[c.receiver];
      let result = null;
      let error = null;
      try {
        result = self === null ? tc[c.js](...args) : self[c.js](...args);
      } catch (e) {
        error = e;
      }
      if (c.error !== null) {
        assert.ok(error instanceof TensorcastError, `${c.code} did not throw a TensorcastError (${error})`);
        if (c.error.type === 'TypeError') assert.equal(error.kind, 'type', c.code);
        assert.equal(error.message, c.error.message, c.code);
        return;
      }
      assert.equal(error, null, `${c.code}: ${error?.message}`);
      assertTensor(result, c.result, c.code);
      assert.equal(result.requiresGrad, false, c.code);
      if (c.selfAfter !== undefined) {
        assertTensor(self, c.selfAfter, `${c.code}: self`);
      }
    });
  }
});

test('a mask in a program is recorded as the ops PyTorch runs for it: gt, lt, bitwise_and, bitwise_not', () => {
  const p = tc.run('import torch\nx = torch.tensor([-2.0, 0.5, 2.0])\nmask = (x > -1) & (x < 1)\nout = ~mask\n');
  try {
    assert.equal(p.error, null);
    assert.deepEqual(p.statements[2].calls.map((call) => call.op), ['gt', 'lt', 'bitwise_and']);
    assert.deepEqual(p.statements[3].calls.map((call) => call.op), ['bitwise_not']);
    assert.deepEqual(p.get('out').toArray(), [true, false, true]);
  } finally {
    p.dispose();
  }
});
