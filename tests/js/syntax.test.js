// The core's grammars asked through the package (tc.readViewChain,
// tc.readShape; bindings/bind_syntax.cpp): their JSON has exactly the
// fields of the generated types (Note [Syntax schema]), one grammar serves
// a chain's x[...] and a.index(text), and tc.parseShape reads what
// tc.readShape reads. Bad text is an answer, never an exception or a
// leak; a megabyte of it is refused at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from './helpers.js';
import { contract } from './schema-contract.js';

const conforms = contract(['bindings/ts/generated/syntax-types.ts'], ['bindings/ts/generated/syntax-types.ts']);

const CHAINS = ['', '.T', '.mT.t()', '.permute(1,0).unsqueeze(0)[..., 1:]', '[None:2, [0, 1], True][::2,]', '.squeeze(-1).squeeze()',
  '.transpose(0)', '[1.5]', '[:, 1', '.foo', '.T;', '[99999999999]', '.T'.repeat(33), `[${'['.repeat(40)}`, ' '.repeat(5000), '["a"]'];
const SHAPES = ['4,3', '(B, 3, H, W)', '4x3', 'torch.Size([])', '', '4;3', '-1', '2.5', '(4, 3', '1,'.repeat(17), '9'.repeat(30), '😀'];

test('the JSON of the grammars has every field of the generated types, with its type', () => {
  for (const text of CHAINS) conforms(tc.readViewChain(text), 'ViewChain', JSON.stringify(text.slice(0, 20)));
  for (const text of SHAPES) conforms(tc.readShape(text), 'ShapeReading', JSON.stringify(text.slice(0, 20)));
  // Each problem kind met above, so the check covered it.
  const kinds = new Set(CHAINS.map((t) => tc.readViewChain(t).problem?.kind).filter(Boolean));
  assert.deepEqual([...kinds].sort(), ['arity', 'number', 'pytorch', 'text-too-long', 'too-deep', 'too-long', 'unclosed', 'unexpected', 'unknown'].sort());
});

test('a chain’s x[...] is the grammar of a.index(text): the index it hands back selects what the text selects', () => {
  tc.tidy(() => {
    const x = tc.arange(24).reshape(2, 3, 4);
    for (const inner of ['0', '..., 1:', 'None, -1, ::2', '[0, 1], 1', '[[0, 1], [1, 0]]', 'True', ':,']) {
      const [link] = tc.readViewChain(`[${inner}]`).links;
      assert.equal(link.op, 'index');
      const a = x.index(link.index);
      const b = x.index(inner);
      assert.deepEqual([a.shape, a.toArray()], [b.shape, b.toArray()], inner);
    }
  });
  // The same refusal, with PyTorch's text, from both.
  const chain = tc.readViewChain('[1.5]').problem;
  assert.throws(() => tc.tidy(() => tc.zeros(2).index('1.5')), (e) => e.message === `${chain.message} at column ${chain.at}`);
});

test('tc.parseShape reads the grammar of tc.readShape, sizes only', () => {
  for (const text of ['4,3', '4x3', '4 × 3', '2*3*4', '(4, 3)', 'torch.zeros((4, 3))', '（4，3）', '()']) {
    const read = tc.readShape(text);
    assert.equal(read.problem, null, text);
    assert.deepEqual(tc.parseShape(text), read.dims.map((d) => d.size), text);
  }
  for (const text of ['4;3', '(4, 3', '-1', '']) {
    const { problem } = tc.readShape(text);
    assert.throws(() => tc.parseShape(text), (e) => e.message === `cannot read shape: ${problem.message} at position ${problem.at + 1}`, text);
  }
  assert.throws(() => tc.parseShape('B,3'), /cannot read shape: 'B' where a size was expected at position 1/);
});

test('bad text costs nothing: no throw, no growth of the heap, a megabyte refused at once', () => {
  const junk = ['.T'.repeat(2e5), '['.repeat(1 << 20), `(${'1,'.repeat(5e5)})`, 'x'.repeat(1 << 20), '\u0000\uffff\ud800'];
  for (const text of junk) {
    assert.notEqual(tc.readViewChain(text).problem, null);
    tc.readShape(text);
  }
  const before = tc.memory().heapUsed;
  for (let i = 0; i < 200; i++) for (const text of junk) {
    tc.readViewChain(text.slice(0, 5000));
    tc.readShape(text.slice(0, 5000));
  }
  assert.equal(tc.memory().heapUsed, before);
  const start = performance.now();
  tc.readViewChain('['.repeat(1 << 20));
  const ms = performance.now() - start;
  console.log(`a megabyte of '[' refused as a view chain in ${ms.toFixed(1)} ms`);
});

test('the array form’s string items are read by the same grammar, in the core: Python’s slices, not a pattern', () => {
  tc.tidy(() => {
    const x = tc.arange(10);
    // What Python writes in a slice and a pattern of digits did not take.
    assert.deepEqual(x.index(['None:3']).toArray(), [0, 1, 2]);
    assert.deepEqual(x.index(['0x2:0b110:2']).toArray(), [2, 4]);
    assert.deepEqual(x.index(['1_0:']).toArray(), []);
    assert.deepEqual(x.index(['Ellipsis']).toArray(), x.toArray());
    // Exact beyond 2^53, as text stays.
    assert.deepEqual(x.index(['-9007199254740993:2']).toArray(), [0, 1]);
    for (const [item, shown] of [['1:x', '1:x'], ['1:3, 0', '1:3, 0'], ['None', 'None'], ['1.5:', '1.5:'], ['é:', '\\xC3\\xA9:'], ['[0]', '[0]']]) {
      for (const [call, fn] of [[() => x.index([0, item]), 'index'], [() => tc.explain.index(x, [0, item]), 'explain.index']])
        assert.throws(call, (e) => e.kind === 'value' && e.message === `${fn}(): item 1 must be '...' or a slice such as ':', '1:3' or '::2', not '${shown}'`, item);
    }
  });
});
