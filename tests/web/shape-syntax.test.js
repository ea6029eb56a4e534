// The shapes a student copies (web/src/model/shape-syntax.ts, read by the
// core's grammar through tc.readShape): every spelling the paste box
// accepts, named dims and their sizes, and the texts it refuses, with where.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from '../js/helpers.js';
import { loadModel } from './bundle.js';

const shapes = await loadModel('shape-syntax');
const { namesOf, resolveShape, coreText } = shapes;
const readShape = (text) => shapes.readShape(tc, text);
const readSize = (text) => shapes.readSize(tc, text);

const READS = [
  ['4,3', [4, 3]],
  ['4x3', [4, 3]],
  ['4 x 3', [4, 3]],
  ['4×3', [4, 3]],
  ['2*3*4', [2, 3, 4]],
  ['(4, 3)', [4, 3]],
  ['[4, 3]', [4, 3]],
  ['torch.Size([4, 3])', [4, 3]],
  ['torch.Size([])', []],
  ['torch.empty(4, 3)', [4, 3]],
  ['torch.zeros((4, 3))', [4, 3]],
  ['()', []],
  ['(3,)', [3]],
  ['7', [7]],
  ['B,3,H,W', ['B', 3, 'H', 'W']],
  ['(batch, 3, H, W)', ['batch', 3, 'H', 'W']],
  ['Bx3', ['Bx3']],
  ['B x 3', ['B', 3]],
  ['（4，3）', [4, 3]],
  ['  [ 0 , 5 ]  ', [0, 5]],
];

for (const [text, dims] of READS) {
  test(`reads ${JSON.stringify(text)} as ${JSON.stringify(dims)}`, () => {
    assert.deepEqual(readShape(text), { ok: true, dims });
  });
}

const REFUSED = [
  ['', 'empty', 1],
  ['   ', 'empty', 4],
  ['4,,3', 'unexpected', 3],
  ['4;3', 'unexpected', 2],
  ['-1,3', 'negative', 1],
  ['2.5,3', 'fraction', 2],
  ['(4, 3', 'unclosed', 6],
  ['[4, 3)', 'unexpected', 6],
  ['4,3)', 'unexpected', 4],
  ['99999999999999999999,2', 'too-large', 19],
  ['torch.Size([4, 3]', 'unclosed', 18],
  [Array(17).fill('1').join(','), 'too-many-dims', 33],
  [`${'1,'.repeat(200)}1`, 'too-many-dims', 33],
  ['😀,3', 'unexpected', 1],
  ['(3, 😀)', 'unexpected', 5],
  ['3,😀;', 'unexpected', 3],
];

for (const [text, problem, at] of REFUSED) {
  test(`refuses ${JSON.stringify(text.slice(0, 30))}: ${problem} at ${at}`, () => {
    assert.deepEqual(readShape(text), { ok: false, problem, at });
  });
}

test('the page reads a shape by asking the core: its dims are tc.readShape’s, and tc.parseShape reads the same grammar', () => {
  for (const [text, dims] of READS) {
    const core = tc.readShape(text);
    assert.equal(core.problem, null);
    assert.deepEqual(core.dims.map((d) => d.size ?? d.name), dims);
    if (dims.every((d) => typeof d === 'number')) assert.deepEqual(tc.parseShape(text), dims, text);
  }
  for (const [text, problem, at] of REFUSED) {
    assert.deepEqual([tc.readShape(text).problem.kind, tc.readShape(text).problem.at + 1], [problem, at]);
    assert.throws(() => tc.parseShape(text), text);
  }
  // Whatever the core answers is what the page uses.
  const answer = { dims: [{ size: 2, name: null }, { size: null, name: 'N' }], problem: null };
  assert.deepEqual(shapes.readShape({ readShape: () => answer }, 'anything'), { ok: true, dims: [2, 'N'] });
});

test('names are asked for once each, in order, and filled in', () => {
  const a = readShape('B,3,H,W');
  const b = readShape('B,1,1,W');
  const names = namesOf([...a.dims, ...b.dims]);
  assert.deepEqual(names, ['B', 'H', 'W']);
  assert.equal(resolveShape(a.dims, { B: 8, H: 32 }), null);
  assert.deepEqual(resolveShape(a.dims, { B: 8, H: 32, W: 30 }), [8, 3, 32, 30]);
  assert.deepEqual(resolveShape(b.dims, { B: 8, H: 32, W: 30 }), [8, 1, 1, 30]);
});

test('a size for a name is a whole number', () => {
  assert.equal(readSize(' 16 '), 16);
  assert.equal(readSize('１６'), 16);
  assert.equal(readSize('0'), 0);
  for (const bad of ['', '-1', '1.5', 'x', '1e3', '99999999999999999999', '4,3']) assert.equal(readSize(bad), null, bad);
});

test('shapes go to the core as it reads them', () => {
  assert.equal(coreText([4, 3]), '4,3');
  assert.equal(coreText([5]), '5');
  assert.equal(coreText([]), '()');
});
