// The tensor grid's layout (web/src/diagram/tensor-layout.ts): each drawn
// element gets one cell, inside the box the layout reports, none
// overlapping; slices wrap at the width given; the painting draws what the
// layout placed and takes the size it measured.
import assert from 'node:assert/strict';
import test from 'node:test';
import { loadWeb } from './bundle.js';

const { paletteFor, SceneBuilder, keyedBoxes, drawTensor, measureTensor, layoutTensor, visibleIndices } =
  await loadWeb('diagram/palette', 'diagram/scene', 'diagram/tensor-grid', 'diagram/tensor-layout', 'model/summary');

const WORDS = { empty: (s) => `empty ${s}`, tooManyDims: (n) => `${n} dims`, scalar: 'scalar' };
const spec = (shape, extra = {}) => ({
  shape, name: 'out', text: (flat) => String(flat * 11), words: WORDS, shapeText: shape.join(','),
  look: () => ({ fill: '#fff', stroke: '#000' }), keyPrefix: 'out', palette: paletteFor('light', false), ...extra,
});
const cellsOf = (layout) => layout.placements.filter((p) => p.kind === 'matrix').flatMap((p) => p.cells).filter((c) => c.flat !== null);
const drawnCount = (shape, budget) => visibleIndices(shape, budget).reduce((n, v) => n * v.filter((i) => i !== null).length, 1);

for (const [shape, extra] of [
  [[], {}], [[7], {}], [[3, 4], {}], [[2, 3, 4], {}], [[2, 2, 3, 4], {}], [[3, 2, 2, 2, 2], {}], [[2, 2, 2, 2, 2, 2], {}],
  [[100, 100], {}], [[12, 2, 3], { maxWidth: 300 }], [[3, 60], { maxWidth: 400, cell: 22 }], [[9, 9, 9], { budget: 40 }],
]) {
  test(`${JSON.stringify(shape)} ${JSON.stringify(extra)}: one cell per drawn element, inside the box, none overlapping`, () => {
    const [x0, y0] = [5, 7];
    const layout = layoutTensor(spec(shape, extra), x0, y0);
    assert.equal(layout.kind, 'grid');
    const cells = cellsOf(layout);
    assert.equal(cells.length, drawnCount(shape, extra.budget));
    assert.equal(new Set(cells.map((c) => c.flat)).size, cells.length);
    const { w, h } = layout.box;
    const outside = cells.filter((c) => c.x < x0 || c.y < y0 || c.x + c.w > x0 + w + 1e-9 || c.y + c.h > y0 + h + 1e-9);
    assert.deepEqual(outside, []);
    const overlapping = [];
    for (let i = 0; i < cells.length; i++) for (let j = i + 1; j < cells.length; j++) {
      const [a, b] = [cells[i], cells[j]];
      const apart = a.x + a.w <= b.x + 1e-9 || b.x + b.w <= a.x + 1e-9 || a.y + a.h <= b.y + 1e-9 || b.y + b.h <= a.y + 1e-9;
      if (!apart) overlapping.push([a.flat, b.flat]);
    }
    assert.deepEqual(overlapping, []);
    // The painting keys each cell where the layout put it, and takes the measured size.
    const sb = new SceneBuilder();
    assert.deepEqual(drawTensor(sb, x0, y0, spec(shape, extra)), layout.box);
    assert.deepEqual(measureTensor(spec(shape, extra)), layout.box);
    const keyed = keyedBoxes(sb.build({ title: '', desc: '', background: '#fff', hatch: '#000' }));
    assert.deepEqual(cells.map((c) => keyed.get(`out:${c.flat}`)), cells.map((c) => ({ x: c.x, y: c.y, w: c.w, h: c.h })));
  });
}

test('blocks of slices wrap at the width given, and a narrower width makes the drawing taller', () => {
  const wide = layoutTensor(spec([6, 2, 3, 3], { maxWidth: 1164 }), 0, 0).box;
  const narrow = layoutTensor(spec([6, 2, 3, 3], { maxWidth: 400 }), 0, 0).box;
  assert.ok(narrow.w <= 400, String(narrow.w));
  assert.ok(wide.w > 400, String(wide.w));
  assert.ok(narrow.h > wide.h, `${narrow.h} > ${wide.h}`);
});

test('a matrix wider than the width is cut into bands of columns', () => {
  const layout = layoutTensor(spec([2, 40], { maxWidth: 300 }), 0, 0);
  assert.ok(layout.box.w <= 300, String(layout.box.w));
  const rowsOfCells = new Set(cellsOf(layout).map((c) => c.y));
  assert.ok(rowsOfCells.size > 2, String(rowsOfCells.size));
});

test('no cells: an empty tensor or one of too many dims is a note', () => {
  const note = (layout, text) => {
    assert.equal(layout.kind, 'note');
    assert.equal(layout.text, text);
  };
  note(layoutTensor(spec([2, 0, 3]), 0, 0), 'empty 2,0,3');
  note(layoutTensor(spec([1, 1, 1, 1, 1, 1, 1]), 0, 0), '7 dims');
});
