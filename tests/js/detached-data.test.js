// tc.tensor() (and a shape given as a typed array) on a typed array whose
// ArrayBuffer is detached: transferred, or the memory of a wasm module that
// has grown. Such an array reads as empty but has no values; it once threw
// V8's raw TypeError from inside tensor() and left the tensor made for it
// alive. Now: a TensorcastError that says so, and tc.memory() unchanged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

const detach = (buffer) => structuredClone(buffer, { transfer: [buffer] });
const WHY = 'has a detached ArrayBuffer (transferred, or the memory of a WebAssembly module that has grown since): it has no values to read; copy the data before transferring it';

// The typed arrays, each over a buffer detached after it was made.
function detachedArrays() {
  const f = new ArrayBuffer(16);
  const i = new ArrayBuffer(16);
  const b = new ArrayBuffer(16);
  const arrays = [new Float32Array(f), new Int32Array(i, 4, 2), new BigInt64Array(b)];
  for (const buffer of [f, i, b]) detach(buffer);
  const memory = new WebAssembly.Memory({ initial: 1 });
  arrays.push(new Uint8Array(memory.buffer, 0, 8));
  memory.grow(1);
  return arrays;
}

function unchanged(fn) {
  const before = tc.memory();
  fn();
  const after = tc.memory();
  assert.equal(after.tensors, before.tensors);
  assert.equal(after.bytes, before.bytes);
}

test('tensor(detached typed array): a TensorcastError naming it, nothing left alive', () => {
  for (const d of detachedArrays()) {
    const name = d.constructor.name;
    unchanged(() => {
      throwsTc(() => tc.tensor(d), 'type', `tensor(): the ${name} given as data ${WHY}`);
      throwsTc(() => tc.tensor(d, { dtype: 'float64' }), 'type', `tensor(): the ${name} given as data ${WHY}`);
      throwsTc(() => tc.tensor([d]), 'type', `tensor(): the ${name} at dim 1 ${WHY}`);
      throwsTc(() => tc.tensor([d, d], { dtype: 'int32' }), 'type', `tensor(): the ${name} at dim 1 ${WHY}`);
    });
  }
});

test('a detached typed array as a shape: the same error, not an empty shape', () => {
  const sizes = new Int32Array(new ArrayBuffer(8));
  detach(sizes.buffer);
  unchanged(() => {
    throwsTc(() => tc.zeros(sizes), 'type', `zeros(): the Int32Array given as argument 'size' ${WHY}`);
    throwsTc(() => tc.tensor([1, 2], { shape: sizes }), 'type', `tensor(): the Int32Array given as argument 'shape' ${WHY}`);
  });
});

test('a typed array out of bounds of a shrunk resizable buffer: a TensorcastError, nothing left alive', {
  skip: typeof ArrayBuffer.prototype.resize !== 'function' && 'no resizable ArrayBuffer in this Node',
}, () => {
  const buffer = new ArrayBuffer(16, { maxByteLength: 32 });
  const view = new Float32Array(buffer, 8, 2);
  buffer.resize(4);
  unchanged(() => throwsTc(() => tc.tensor(view), 'type', /^tensor\(\): could not read the Float32Array: /));
});

test('an empty typed array over a live buffer is still data: a tensor of shape [0]', () => {
  const empty = tc.tensor(new Float32Array(0));
  assert.deepEqual(empty.shape, [0]);
  const nested = tc.tensor([new Int32Array(new ArrayBuffer(8), 8, 0)]);
  assert.deepEqual(nested.shape, [1, 0]);
  empty.dispose();
  nested.dispose();
});
