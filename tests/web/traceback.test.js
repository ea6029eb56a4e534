// Reading a pasted PyTorch error (web/src/model/traceback.ts): which
// message, which dim and sizes, and the shapes proposed for it. Each
// proposal is run through the package: the core must give back the very
// message that was pasted, so a guess is never inconsistent with it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { init } from 'tensorcast';
import { loadModel } from './bundle.js';

const { readTraceback, proposalFor, MAX_PASTE } = await loadModel('traceback');
const tc = await init();

const SIZE = 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1';
const TRACEBACK = `Traceback (most recent call last):
  File "/home/student/train.py", line 12, in <module>
    y = x + w
        ~~^~~
RuntimeError: ${SIZE}
`;
const INPLACE = "output with shape [3, 1] doesn't match the broadcast shape [3, 4]";
const EXPAND = 'The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 1.  Target sizes: [2, 3].  Tensor sizes: [2, 2]';
const MATMUL = 'mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)';

// [label, pasted text, expected reading, message, errorType, proposal (a, b, which are guessed, in place)]
const CASES = [
  ['the size message alone', `RuntimeError: ${SIZE}`,
    { kind: 'size', dim: 1, sizeA: 2, sizeB: 3 }, SIZE, 'RuntimeError',
    { inplace: false, a: { shape: [1, 2], guessed: true }, b: { shape: [1, 3], guessed: true } }],
  ['a whole traceback', TRACEBACK,
    { kind: 'size', dim: 1, sizeA: 2, sizeB: 3 }, SIZE, 'RuntimeError',
    { inplace: false, a: { shape: [1, 2], guessed: true }, b: { shape: [1, 3], guessed: true } }],
  ['Windows line ends and no exception name', TRACEBACK.replace(/\n/g, '\r\n').replace('RuntimeError: ', ''),
    { kind: 'size', dim: 1, sizeA: 2, sizeB: 3 }, SIZE, null,
    { inplace: false, a: { shape: [1, 2], guessed: true }, b: { shape: [1, 3], guessed: true } }],
  ['dim 0 of a zero-size tensor',
    'RuntimeError: The size of tensor a (0) must match the size of tensor b (5) at non-singleton dimension 0',
    { kind: 'size', dim: 0, sizeA: 0, sizeB: 5 }, 'The size of tensor a (0) must match the size of tensor b (5) at non-singleton dimension 0', 'RuntimeError',
    { inplace: false, a: { shape: [0], guessed: true }, b: { shape: [5], guessed: true } }],
  ['a deep dim', 'The size of tensor a (64) must match the size of tensor b (32) at non-singleton dimension 3',
    { kind: 'size', dim: 3, sizeA: 64, sizeB: 32 }, 'The size of tensor a (64) must match the size of tensor b (32) at non-singleton dimension 3', null,
    { inplace: false, a: { shape: [1, 1, 1, 64], guessed: true }, b: { shape: [1, 1, 1, 32], guessed: true } }],
  ['the in-place message', `RuntimeError: ${INPLACE}`,
    { kind: 'inplace', self: [3, 1], broadcast: [3, 4] }, INPLACE, 'RuntimeError',
    { inplace: true, a: { shape: [3, 1], guessed: false }, b: { shape: [4], guessed: true } }],
  ['in place, a shorter self', "RuntimeError: output with shape [3] doesn't match the broadcast shape [2, 3]",
    { kind: 'inplace', self: [3], broadcast: [2, 3] }, "output with shape [3] doesn't match the broadcast shape [2, 3]", 'RuntimeError',
    { inplace: true, a: { shape: [3], guessed: false }, b: { shape: [2, 1], guessed: true } }],
  ['in place, a 0-dim self', "RuntimeError: output with shape [] doesn't match the broadcast shape [2]",
    { kind: 'inplace', self: [], broadcast: [2] }, "output with shape [] doesn't match the broadcast shape [2]", 'RuntimeError',
    { inplace: true, a: { shape: [], guessed: false }, b: { shape: [2], guessed: true } }],
  ['in place, the docs’ example', "RuntimeError: output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]",
    { kind: 'inplace', self: [1, 3, 1], broadcast: [3, 3, 7] }, "output with shape [1, 3, 1] doesn't match the broadcast shape [3, 3, 7]", 'RuntimeError',
    { inplace: true, a: { shape: [1, 3, 1], guessed: false }, b: { shape: [3, 1, 7], guessed: true } }],
  ['the expand message', `RuntimeError: ${EXPAND}`,
    { kind: 'expand', dim: 1, targetSize: 3, existingSize: 2, target: [2, 3], tensor: [2, 2] }, EXPAND, 'RuntimeError',
    { inplace: true, a: { shape: [2, 3], guessed: false }, b: { shape: [2, 2], guessed: false } }],
  ['expand, a shorter tensor',
    'RuntimeError: The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 2.  Target sizes: [5, 2, 4].  Tensor sizes: [2, 3]',
    { kind: 'expand', dim: 2, targetSize: 4, existingSize: 3, target: [5, 2, 4], tensor: [2, 3] },
    'The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 2.  Target sizes: [5, 2, 4].  Tensor sizes: [2, 3]', 'RuntimeError',
    { inplace: true, a: { shape: [5, 2, 4], guessed: false }, b: { shape: [2, 3], guessed: false } }],
  ['the old expand message, without shapes',
    'RuntimeError: The expanded size of the tensor (7) must match the existing size (3) at non-singleton dimension 2',
    { kind: 'expand', dim: 2, targetSize: 7, existingSize: 3, target: null, tensor: null },
    'The expanded size of the tensor (7) must match the existing size (3) at non-singleton dimension 2', 'RuntimeError',
    { inplace: true, a: { shape: [1, 1, 7], guessed: true }, b: { shape: [1, 1, 3], guessed: true } }],
  ['the matrix product', `RuntimeError: ${MATMUL}`,
    { kind: 'matmul', left: 'mat1', right: 'mat2', leftShape: [2, 3], rightShape: [4, 5] }, MATMUL, 'RuntimeError', null],
  ['F.linear’s wording', 'RuntimeError: linear(): input and weight.T shapes cannot be multiplied (77x768 and 4096x1536)',
    { kind: 'matmul', left: 'input', right: 'weight.T', leftShape: [77, 768], rightShape: [4096, 1536] },
    'linear(): input and weight.T shapes cannot be multiplied (77x768 and 4096x1536)', 'RuntimeError', null],
  ['two exceptions: the last one counts',
    `${TRACEBACK}\nDuring handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File "t.py", line 3\nRuntimeError: ${INPLACE}\n`,
    { kind: 'inplace', self: [3, 1], broadcast: [3, 4] }, INPLACE, 'RuntimeError',
    { inplace: true, a: { shape: [3, 1], guessed: false }, b: { shape: [4], guessed: true } }],
  ['a subclass name in the line', `torch._dynamo.exc.TorchRuntimeError: ${SIZE}`,
    { kind: 'size', dim: 1, sizeA: 2, sizeB: 3 }, SIZE, 'torch._dynamo.exc.TorchRuntimeError',
    { inplace: false, a: { shape: [1, 2], guessed: true }, b: { shape: [1, 3], guessed: true } }],
];

/** What the package says for a proposal: the broadcast's message, the in-place op's, or expand's. */
function coreMessage(reading, p) {
  return tc.tidy(() => {
    if (reading.kind === 'size') return tc.explain.broadcast(p.a.shape, p.b.shape).error;
    if (reading.kind === 'inplace') return tc.explain.op('add_', tc.zeros(p.a.shape), tc.zeros(p.b.shape)).error;
    try {
      tc.zeros(p.b.shape).expand(p.a.shape);
      return null;
    } catch (error) {
      return error.message;
    }
  });
}

for (const [label, text, reading, message, errorType, proposal] of CASES) {
  test(label, () => {
    const found = readTraceback(text);
    assert.deepEqual(found, { reading, message, errorType });
    assert.deepEqual(proposalFor(found.reading), proposal);
    if (proposal === null) return;
    const said = coreMessage(reading, proposal);
    // The old expand message stops before the shapes the core adds.
    if (reading.kind === 'expand' && reading.target === null) assert.ok(said.startsWith(`${message}.  Target sizes:`), said);
    else assert.equal(said, message);
  });
}

test('text without a known shape error reads as nothing', () => {
  for (const text of ['', 'hello', 'RuntimeError: CUDA out of memory.', 'The size of tensor a (x) must match',
    "output with shape [3, a] doesn't match the broadcast shape [3, 4]", 'mat1 and mat2 shapes cannot be multiplied (2x3 and 4)',
    ' shapes cannot be multiplied (2x3 and 4x5)',
    // Long runs that a careless pattern would scan from every start (the page reads on each render).
    'x'.repeat(MAX_PASTE), '('.repeat(MAX_PASTE), '1'.repeat(MAX_PASTE), `${'y'.repeat(MAX_PASTE)}Error: `])
    assert.equal(readTraceback(text), null, text);
});

test('the product’s names are read just before it, on its line', () => {
  const found = readTraceback(`${'z'.repeat(MAX_PASTE)} mat1 and mat2 shapes cannot be multiplied (64x1568 and 6272x10)`);
  assert.deepEqual(found?.reading, { kind: 'matmul', left: 'mat1', right: 'mat2', leftShape: [64, 1568], rightShape: [6272, 10] });
  assert.equal(found?.message, 'mat1 and mat2 shapes cannot be multiplied (64x1568 and 6272x10)');
});

test('a huge paste is read from its end', () => {
  const noise = 'x'.repeat(MAX_PASTE * 5);
  assert.deepEqual(readTraceback(`${noise}\nRuntimeError: ${SIZE}`)?.reading, { kind: 'size', dim: 1, sizeA: 2, sizeB: 3 });
  assert.equal(readTraceback(`RuntimeError: ${SIZE}\n${noise}`), null);
});

test('sizes too large to hold exactly are not read', () => {
  assert.equal(readTraceback('The size of tensor a (99999999999999999999) must match the size of tensor b (3) at non-singleton dimension 1'), null);
});
