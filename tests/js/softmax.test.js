// softmax, log_softmax and logsumexp over the last dim of float32 rows
// against PyTorch 1.13 (fixtures/softmax/make_fixtures.py): random rows of
// every length around the kernels' loop edges, rows with -inf, NaN, +inf,
// numbers near float32's largest and spreads where exp underflows, and
// tensors whose rows mix them (Note [Softmax rows], src/ops/softmax.cpp).
// Within the float32 rounding the other reduction tests allow (each exp
// rounds its own way); NaN and infinities exactly where PyTorch has them.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { assertClose, tc } from './helpers.js';

const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/softmax/cases.json', import.meta.url), 'utf8'));
const decode = (v) => (v === 'inf' ? Infinity : v === '-inf' ? -Infinity : v === 'nan' ? NaN : v);

for (const [op, run] of [
  ['softmax', (x) => x.softmax(-1)],
  ['log_softmax', (x) => x.logSoftmax(-1)],
  ['logsumexp', (x) => x.logsumexp(-1)],
]) {
  test(`${op} over the last dim: ${FIXTURE.cases.length} cases as PyTorch computes them`, () => {
    for (const c of FIXTURE.cases) {
      tc.tidy(() => {
        const x = tc.tensor(c.input.map(decode), { dtype: 'float32', shape: c.shape });
        const want = c[op].map(decode);
        try {
          assertClose(Array.from(run(x).data()), want);
          // The same rows read through strides (gathered first).
          const strided = x.transpose(0, -1).contiguous().transpose(0, -1);
          assertClose(Array.from(run(strided).data()), want);
        } catch (error) {
          error.message = `${op} of ${c.name}: ${error.message}`;
          throw error;
        }
      });
    }
  });
}
