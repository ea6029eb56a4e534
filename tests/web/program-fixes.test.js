// The code mode's explanations written for the student's program: a failing
// in-place line opens the In-place view; fixes are edits of the program,
// each checked by running the edited program (Note [Program fixes]); lines
// that run but are likely wrong get a reason (Note [Likely wrong lines]);
// an in-place write changes its tensor's box and the boxes of its storage
// (Note [Graph nodes]). What PyTorch raises, and what each edited program
// and each marked line make, come from PyTorch 1.13
// (tests/js/fixtures/program-fixes, make_fixtures.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { init } from '../../dist/index.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program-fixes', 'model/line-op', 'model/program', 'model/model', 'model/props', 'model/line-warnings',
  'model/program-graph', 'model/code-overlay', 'views/code-panel', 'i18n/en', 'i18n/zh');
const tc = await init();
const { fixes: FIXES, warnings: WARNINGS } = JSON.parse(readFileSync(new URL('../js/fixtures/program-fixes/program-fixes.json', import.meta.url), 'utf8'));
const fixture = (start) => {
  const found = [...FIXES, ...WARNINGS].find((c) => c.name.startsWith(start));
  assert.ok(found, start);
  return found;
};

/** The picked line as the code mode opens it: its op (or its refused call), the model, and the offered edits. */
function opened(c) {
  const program = web.runProgram(tc, c.code, c.line);
  const statement = web.statementAt(program, c.line);
  const line = web.lineOp(statement, program, web.meantCall(program, statement));
  const model = new web.PlaygroundModel(tc, { ...web.DEFAULT_STATE, mode: 'code' });
  if (line !== null) model.showLine(line, web.lineState(line));
  const failed = statement.calls.find((call) => call.failed) ?? null;
  const edits = line !== null
    ? web.programEdits({}, tc, program, statement, line, model.computation.fixes, null)
    : web.programEdits({}, tc, program, statement, null, [], failed);
  return { program, statement, line, model, edits };
}

test('a failing in-place line opens the In-place view, with PyTorch’s message', () => {
  for (const name of ['a failing in-place line', 'an augmented assignment']) {
    const c = fixture(name);
    const { line, model } = opened(c);
    assert.ok(line, name);
    assert.equal(line.op, 'add_');
    assert.equal(line.error, c.error);
    assert.equal(web.lineState(line).view, 'inplace');
    assert.equal(model.state.view, 'inplace');
    assert.equal(model.computation.error, c.error);
    // The In-place view's own check, on the program's operands: the broadcast's shape, not self's.
    const inplace = model.computation.inplace;
    assert.equal(inplace.error, c.error);
    assert.deepEqual(inplace.broadcast.result, c.checked[0].shape);
  }
  // A failing line is marked openable: a click on it opens it.
  const c = fixture('a failing in-place line');
  assert.ok(web.overlayFor(web.runProgram(tc, c.code), null).openable.has(c.line));
});

test('fixes are edits of the program, in order, each one the edited program runs; PyTorch agrees on every result', () => {
  for (const c of FIXES) {
    const { edits } = opened(c);
    assert.deepEqual(edits.map((e) => [e.line, e.text]), c.edits, c.name);
    edits.forEach((e, i) => {
      const pytorch = c.checked[i];
      assert.equal(pytorch.error, null, `${c.name}: PyTorch runs ${e.text}`);
      assert.deepEqual(e.resultShape, pytorch.shape, `${c.name}: ${e.text}`);
      // The edit is the code between two offsets: applied, it makes the line shown.
      const code = c.code.slice(0, e.from) + e.insert + c.code.slice(e.to);
      assert.equal(code.split('\n')[e.line - 1].split('  #')[0].trim(), e.text);
    });
  }
  // keepdim=True comes first where a reduction dropped the dim; the matrix product's fix is its transpose.
  assert.equal(opened(fixture('x / m2')).edits[0].kind, 'keepdim');
  assert.equal(opened(fixture('x - x.mean(1)')).edits[0].kind, 'keepdim');
  assert.equal(opened(fixture('a refused matrix product')).edits[0].kind, 'matmul-transpose');
});

test('an edit the edited program does not confirm is not offered', () => {
  const c = fixture('x - x.mean(1)');
  const { program, statement, edits } = opened(c);
  const at = c.code.indexOf('x - x.mean');
  // x[0:2] - x.mean(1) is (2, 3) - (4,): the edited program raises on the line it was to fix.
  const broken = { ...edits[0], from: at, to: at + 1, insert: 'x[0:2]', outer: false };
  assert.deepEqual(web.checkedEdits(tc, program, statement, [broken]), []);
  // The same check keeps the offered ones.
  assert.equal(web.checkedEdits(tc, program, statement, [{ ...edits[0], outer: false }]).length, 1);
});

test('where an operand is written: the call that made it on the line, or its name (self first, others last)', () => {
  const text = (c, input) => {
    const { program, statement, line } = opened(c);
    const range = web.inputRange(program, statement, line.call, input);
    return c.code.slice(range[0], range[1]);
  };
  assert.deepEqual([text(fixture('x / m2'), 0), text(fixture('x / m2'), 1)], ['x', 'm2']);
  assert.deepEqual([text(fixture('x - x.mean(1)'), 0), text(fixture('x - x.mean(1)'), 1)], ['x', 'x.mean(1)']);
  assert.equal(web.isPrimary('x.mean(1)'), true);
  assert.equal(web.isPrimary('W'), true);
  assert.equal(web.isPrimary('a + b'), false);
  assert.equal(web.isPrimary('x[:, None]'), true);
  assert.equal(web.isPrimary('(a)'), false);
});

test('lines that run but are likely wrong get their reason; the right ones get none', () => {
  const marked = (c) => {
    const program = web.runProgram(tc, c.code);
    return new Map([...web.lineWarnings(program)].map(([s, w]) => [s.line, w]));
  };
  const outer = fixture('the outer product in disguise');
  const w = marked(outer).get(4);
  assert.deepEqual(w, { kind: 'outer', a: [3], b: [3, 1], result: outer.made['4'].shape, count: 3 });
  assert.match(web.warningWords(web.en, w), /outer product/);
  assert.match(web.warningWords(web.zh, w), /外积/);

  const reduce = fixture('reduce, then broadcast');
  const r = marked(reduce);
  assert.deepEqual(r.get(3), { kind: 'reduce-dim', reduction: 'mean', dims: [1], input: [3, 3] });
  // PyTorch: line 3 subtracts each row's mean from a column (c's rows are not centred); lines 4 and 5 centre.
  assert.notDeepEqual(reduce.made['3'].values, reduce.made['5'].values);
  assert.deepEqual([r.has(4), r.has(5)], [false, false]);

  const shared = fixture('in place through a view');
  assert.deepEqual(marked(shared).get(4), { kind: 'shared-write', written: 'col', others: ['x'] });
  // PyTorch: x changed through col.
  assert.deepEqual(shared.made['4'].values, [0, 5, 0, 0, 5, 0]);

  const division = fixture('integer division');
  const d = marked(division);
  assert.deepEqual(d.get(3), { kind: 'int-division', dtype: division.made['3'].dtype });
  assert.equal(division.made['4'].dtype, 'float32');
  assert.equal(d.has(4), false);

  assert.equal(marked(fixture('a deliberate outer product')).size, 0);

  // The editor's overlay carries the reason on the line's chip.
  const overlay = web.overlayFor(web.runProgram(tc, outer.code), null, null, (x) => web.warningWords(web.en, x));
  assert.deepEqual([...overlay.warnings.keys()], [4]);
});

test('an in-place write changes its tensor’s box and the boxes sharing its storage: no new box', () => {
  const c = fixture('in place through a view');
  const g = web.programGraph(web.runProgram(tc, c.code));
  const x = g.nodes.find((n) => n.names.includes('x'));
  const col = g.nodes.find((n) => n.names.includes('col'));
  assert.equal(g.nodes.length, 2);
  assert.equal(x.storage, col.storage);
  const add = g.calls.find((k) => k.inplace);
  assert.deepEqual([add.inputs, add.outputs], [[col.key], [col.key]]);
  assert.deepEqual(col.changes, [{ call: add.index, line: 4, through: null }]);
  assert.deepEqual(x.changes, [{ call: add.index, line: 4, through: col.key }]);
  // A tensor made after the write is not changed by it.
  const later = web.programGraph(web.runProgram(tc, `${c.code}y = x[0]\n`));
  assert.deepEqual(later.nodes.find((n) => n.names.includes('y')).changes, []);
});
