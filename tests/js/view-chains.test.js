// Random chains of views (fixtures/view-chains, written by real PyTorch
// 1.13): each chain replayed through the package's API and, as a program,
// through tc.run; after every step the sizes, strides, storage offset,
// contiguity and values are PyTorch's, and a step PyTorch refuses is
// refused with its text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { TensorcastError } from 'tensorcast';
import { tc } from './helpers.js';

const { chains } = JSON.parse(readFileSync(new URL('fixtures/view-chains/chains.json', import.meta.url), 'utf8'));

// A step through the API. x.T has no method of its own in the package: it
// is PyTorch's numpy_T, a permute of the reversed dims.
function apply(x, op, args) {
  switch (op) {
    case 'slice': return x.index(args[0]);
    case 'T': return x.permute([...Array(x.ndim).keys()].reverse());
    case 'mT': return x.mT;
    case 'expand': case 'view': case 'reshape': case 'permute': return x[op](args[0]);
    case 'squeeze': return args.length ? x.squeeze(args[0]) : x.squeeze();
    default: return x[op](...args);
  }
}

// The API's kinds as the Python exception types PyTorch raises.
const pythonType = (kind) => (kind === 'index' ? 'IndexError' : 'RuntimeError');

function describe(chain, upTo) {
  return [`base [${chain.base}]`, ...chain.steps.slice(0, upTo + 1).map((s) => `${s.op}(${JSON.stringify(s.args)})`)].join(' -> ');
}

test(`view chains through the API: ${chains.length} chains as PyTorch runs them`, () => {
  let steps = 0;
  for (const chain of chains) {
    tc.tidy(() => {
      const n = chain.base.reduce((a, b) => a * b, 1);
      let x = tc.arange(n, { dtype: 'float32' }).reshape(chain.base);
      chain.steps.forEach((step, i) => {
        const where = describe(chain, i);
        if (step.error) {
          assert.throws(() => apply(x, step.op, step.args), (e) => {
            assert.ok(e instanceof TensorcastError, `${where}: not a TensorcastError: ${e}`);
            assert.equal(e.message, step.error.message, where);
            assert.equal(pythonType(e.kind), step.error.type, `${where}: ${e.kind}`);
            return true;
          }, where);
          return;
        }
        x = apply(x, step.op, step.args);
        const want = step.result;
        assert.deepEqual(
          { shape: x.shape, stride: x.stride(), offset: x.storageOffset, contiguous: x.isContiguous(), values: x.toArray() },
          want, where);
        steps++;
      });
    });
  }
  assert.ok(steps > 2000, `${steps} steps compared`);
});

test(`view chains as programs: ${chains.length} programs print and raise what PyTorch does`, () => {
  for (const chain of chains) {
    const p = tc.run(chain.program);
    try {
      assert.equal(p.printed, chain.printed, chain.program);
      if (chain.error === null) {
        assert.equal(p.error, null, `${chain.program}\n${p.error?.message}`);
      } else {
        assert.ok(p.error, `${chain.program}: an error`);
        assert.equal(p.error.message, chain.error.message, chain.program);
        assert.equal(p.error.pythonType, chain.error.type, chain.program);
        assert.equal(p.error.line, chain.error.line, chain.program);
      }
    } finally {
      p.dispose();
    }
  }
});
