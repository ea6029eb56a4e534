// The walkers of Note [What deep walkers see] (bindings/ts/tensor.ts): one that reads
// every property up a tensor's prototype chain, getters included, as Jest
// 29's diff does, neither throws nor makes a tensor nor reaches the module,
// and sees the values as its only enumerable property. mT still reads as
// PyTorch's Tensor.mT does. tests/js/jest-versions.test.js runs Jest itself.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { Tensor } from 'tensorcast';
import { tc } from './helpers.js';

const run = promisify(execFile);

// Every key of value and its prototypes below Object.prototype, each read
// and walked in turn (jest-matcher-utils 29's deepCyclicCopyReplaceable);
// returns every object reached.
function walk(value, seen = new Set()) {
  if (typeof value !== 'object' || value === null || seen.has(value) || ArrayBuffer.isView(value)) return seen;
  seen.add(value);
  const keys = new Set();
  for (let o = value; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o))
    for (const key of Reflect.ownKeys(o)) keys.add(key);
  for (const key of keys) walk(value[key], seen);
  return seen;
}

test('reading every property up the chain of a vector, a matrix with a grad, and after a dispose: no throw, no tensor made, no module reached', () => {
  tc.ones(2).dispose(); // the module's lists now hold a disposed tensor
  const v = tc.tensor([1, 2], { dtype: 'float32' });
  const m = tc.tensor([[1, 2], [3, 4]], { dtype: 'float32', requiresGrad: true });
  m.mul(2).sum().backward();
  const before = tc.memory().tensors;
  for (const t of [v, m]) {
    const reached = [...walk(t)];
    assert.ok(reached.length < 20, `${reached.length} objects reached`);
    assert.equal(reached.filter((o) => o instanceof Tensor).length, t === m ? 2 : 1, 'the tensor, and its grad');
    assert.equal(reached.some((o) => 'HEAPU8' in o || 'life' in o), false, 'the module or the runtime');
  }
  assert.equal(tc.memory().tensors, before + 1, 'the grad read once (it is cached), nothing else');
  // What a printer of the walk's copy shows: the values alone.
  assert.deepEqual(Object.keys(v), []);
  assert.equal(Object.getOwnPropertySymbols(v).filter((s) => Object.getOwnPropertyDescriptor(v, s).enumerable).length, 1);
  assert.deepEqual(Object.keys(Tensor.prototype), [], 'no enumerable method');
  // mT as before.
  assert.deepEqual(m.mT.toArray(), [[1, 3], [2, 4]]);
  assert.equal('mT' in v, true);
  assert.throws(() => v.mT, /tensor\.mT is only supported on matrices or batches of matrices\. Got 1-D tensor\./);
});

test('a frozen prototype chain (SES\'s harden) keeps mT readable', async () => {
  const script = `
    import { init, Tensor } from 'tensorcast';
    const tc = await init();
    for (let o = Tensor.prototype; o !== Object.prototype; o = Object.getPrototypeOf(o)) Object.freeze(o);
    const m = tc.tensor([[1, 2]], { dtype: 'float32' });
    console.log(JSON.stringify({ mT: m.mT.toArray(), frozen: Object.isFrozen(Object.getPrototypeOf(Tensor.prototype)) }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script]);
  assert.deepEqual(JSON.parse(stdout), { mT: [[1], [2]], frozen: true });
});
