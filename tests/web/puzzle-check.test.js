// The puzzle checker (web/src/model/puzzle-check.ts): every puzzle's
// reference passes on its draws, each of its typical wrong answers fails
// for the reason the file says, rules are read from the run's record,
// results are the same for a seed, and nothing is left in memory.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { REGISTRY } from '../../dist/index.js';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/puzzle-file', 'model/puzzle-check', 'model/puzzle-signature');
// The failure as the page words it (the checker's FailureReason through the catalogues).
const texts = await loadWeb('i18n/puzzle-texts');
const say = (failure, lang = 'en') => texts.puzzleTexts(lang).failure(failure.reason);
const DIR = new URL('../../web/puzzles/', import.meta.url);
const NAMES = new Set([...REGISTRY.map((e) => e.name), 'range', 'len']);
const puzzles = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort()
  .map((f) => web.readEntry(JSON.parse(readFileSync(new URL(f, DIR), 'utf8')), (n) => NAMES.has(n)))
  .filter((e) => e.kind === 'function');
// The set's seed and count (PUZZLE_SET), as fixtures/puzzles/dump-draws.mjs has them (the last test checks the draws agree).
const { seed, count } = (await loadWeb('model/puzzle-set')).PUZZLE_SET;
const OPTIONS = { seed, count };
// The reference's results on those draws, made once per puzzle (what a page with solutions hidden ships).
const solvedCache = new Map();
const solvedOf = (p) => {
  if (!solvedCache.has(p.id)) solvedCache.set(p.id, web.solve(tc, p, OPTIONS.seed, OPTIONS.count));
  return solvedCache.get(p.id);
};
const check = (p, body) => web.checkAnswer(tc, p, body, solvedOf(p));

test('every reference passes its 20 draws, and every typical wrong answer fails as its file says', () => {
  const before = tc.memory();
  for (const p of puzzles) {
    const ok = check(p, p.reference);
    assert.equal(ok.failure, null, `${p.id}: ${ok.failure === null ? '' : say(ok.failure)}`);
    assert.equal(ok.compared, 20);
    for (const w of p.wrong) {
      const r = check(p, w.answer);
      assert.equal(r.passed, false, `${p.id}: ${w.answer} passed`);
      assert.equal(r.failure.kind, w.fails, `${p.id}: ${w.answer}: ${say(r.failure)}`);
    }
  }
  assert.equal(tc.memory().tensors, before.tensors);
  assert.equal(tc.memory().bytes, before.bytes);
});

test('solutions hidden: the checker needs only the shipped results, with no reference code, and says the same', () => {
  for (const p of puzzles) {
    const { reference, wrong, ...checkable } = p;
    const shipped = JSON.parse(JSON.stringify({ ...checkable, signature: undefined, solved: solvedOf(p) }));
    assert.ok(!JSON.stringify(shipped).includes(reference.replace(/^return /, '')), `${p.id}: the reference's code is in what ships`);
    for (const body of [reference, ...wrong.map((w) => w.answer)])
      assert.deepEqual(web.checkAnswer(tc, checkable, body, shipped.solved), check(p, body), `${p.id}: ${body}`);
  }
});

test('a failure names the draw, yours and expected, and the line; the same for the same seed', () => {
  const outer = puzzles.find((p) => p.id === 'outer');
  const r = check(outer, 'return a');
  assert.equal(r.failure.kind, 'shape');
  assert.equal(r.failure.line, 1);
  assert.deepEqual(r.failure.draw.sizes, { n: 0, m: 0 });
  assert.deepEqual(r.failure.reason, { kind: 'shape', got: [0], want: [0, 0] });
  assert.equal(say(r.failure), 'The result has shape (0,) where (0, 0) is expected.');
  assert.equal(say(r.failure, 'zh'), '结果的形状是 (0,)，预期是 (0, 0)。');
  assert.equal(r.failure.yours, 'tensor([])');
  assert.equal(r.failure.expected, 'tensor([], size=(0, 0))');
  // a transposed table is caught on the first square draw with values that differ
  const t = check(outer, 'return a[None, :] * b[:, None]');
  assert.deepEqual([t.failure.kind, t.failure.reason, t.failure.draw.sizes], ['values', { kind: 'values' }, { n: 5, m: 5 }]);
  assert.equal(t.compared, 2);
  assert.match(t.failure.yours, /^tensor\(\[\[/);
  assert.match(t.failure.expected, /^tensor\(\[\[/);
  assert.deepEqual(check(outer, 'return a[None, :] * b[:, None]'), t);
  // an error names PyTorch's text and its line in the body
  const e = check({ ...outer, maxLines: 2 }, 'c = a[:, None]\nreturn c @ b');
  assert.equal(e.failure.kind, 'rule');
  assert.equal(e.failure.line, 2);
  assert.deepEqual(e.failure.reason, { kind: 'call', op: 'matmul', allowed: ['[]', '*'] });
  assert.equal(say(e.failure), 'matmul is not allowed in this puzzle (allowed: [] *).');
  assert.equal(say(e.failure, 'zh'), '这道谜题不允许用 matmul（允许的是：[] *）。');
  const bias = puzzles.find((p) => p.id === 'add-bias');
  const err = check(bias, 'return x + b[:, None]');
  assert.equal(err.failure.kind, 'error');
  assert.equal(err.failure.line, 1);
  assert.equal(err.failure.reason.pythonType, 'RuntimeError');
  assert.match(say(err.failure), /^The answer raised RuntimeError: The size of tensor a \(\d\) must match the size of tensor b \(\d\) at non-singleton dimension 0$/);
});

test('rules: a loop of any kind, too many lines, a call outside the list; the materialised elements', () => {
  const outer = puzzles.find((p) => p.id === 'outer');
  const loop = check(outer, 'return torch.stack([a[i] * b for i in range(len(a))])');
  assert.deepEqual([loop.failure.kind, loop.failure.reason, loop.failure.line], ['rule', { kind: 'loop' }, 1]);
  // a loop word inside a string or a comment is not a loop
  const quoted = { ...outer, maxLines: 2 };
  assert.equal(check(quoted, "s = 'for while'  # for\nreturn a[:, None] * b").failure, null);
  const long = check(outer, 'c = a[:, None]\nreturn c * b');
  assert.deepEqual([long.failure.kind, long.failure.reason], ['lines', { kind: 'lines', count: 2, max: 1 }]);
  assert.equal(say(long.failure, 'zh'), '你的答案有 2 行，这道谜题最多允许 1 行。');
  // on the largest sizes (5, 5) the reference materialises the product's 25 elements (the None-index is a view);
  // an answer that copies a first makes 5 more
  const ok = check(outer, 'return a[:, None] * b');
  assert.deepEqual([ok.elements, ok.referenceElements], [25, 25]);
  const copying = check({ ...outer, allowed: [...outer.allowed, 'clone'] }, 'return a.clone()[:, None] * b');
  assert.deepEqual([copying.passed, copying.elements, copying.referenceElements], [true, 30, 25]);
});

// tests/web/fixtures/puzzles: each reference run by PyTorch 1.13 on the
// checker's draws (make_fixture.py); the draws there are today's draws.
test("every reference gives PyTorch's result on every draw: shape, dtype, values and repr", () => {
  const fixtures = new URL('fixtures/puzzles/', import.meta.url);
  const saved = JSON.parse(readFileSync(new URL('draws.json', fixtures), 'utf8'));
  const expected = JSON.parse(readFileSync(new URL('expected.json', fixtures), 'utf8'));
  assert.deepEqual(Object.keys(saved).sort(), puzzles.map((p) => p.id).sort(), 'a puzzle without fixtures: run dump-draws.mjs and make_fixture.py');
  for (const p of puzzles) {
    const drawsNow = saved[p.id].draws;
    assert.deepEqual(drawsNow, web.draws(p.signature, OPTIONS.seed, OPTIONS.count), `${p.id}: the draws changed since the fixture was made`);
    assert.equal(saved[p.id].reference, p.reference, `${p.id}: the reference changed since the fixture was made`);
    drawsNow.forEach((draw, i) => {
      const inputs = Object.fromEntries(Object.entries(draw.inputs).map(([k, v]) => [k, web.drawnValue(tc, v)]));
      const program = tc.run(web.answerProgram(p, p.reference).code, { inputs });
      try {
        const want = expected[p.id][i];
        const where = `${p.id} draw ${i} ${JSON.stringify(draw.sizes)}`;
        assert.equal(program.error, null, where);
        assert.deepEqual(program.result.shape, want.shape, where);
        assert.equal(program.result.dtype, want.dtype, where);
        const flat = (v) => (Array.isArray(v) ? v.flatMap(flat) : [v]);
        assert.deepEqual(flat(program.result.toArray()), want.values, where);
        assert.equal(String(program.result), want.repr, where);
      } finally {
        program.dispose();
        for (const v of Object.values(inputs)) if (typeof v === 'object') v.dispose();
      }
    });
  }
});

test('a later answer may call an earlier passing answer (earlierDefs): dot written with sum(-1) serves matvec', () => {
  const dot = puzzles.find((p) => p.id === 'dot');
  const matvec = puzzles.find((p) => p.id === 'matvec');
  const dotAnswer = 'return (a * b).sum(-1)';
  assert.equal(check(dot, dotAnswer).passed, true);
  const earlier = web.earlierDefs([{ puzzle: dot, answer: dotAnswer }]);
  const withDot = web.checkAnswer(tc, matvec, 'return dot(A, v)', solvedOf(matvec), earlier);
  assert.equal(withDot.passed, true, JSON.stringify(withDot.failure));
  // The line numbers stay the answer's own, after the earlier defs.
  const wrong = web.checkAnswer(tc, matvec, 'return dot(A, v).sum()', solvedOf(matvec), earlier);
  assert.equal(wrong.failure.kind, 'shape');
  const program = web.answerProgram(matvec, 'return dot(A, v)', earlier);
  assert.equal(program.code.split('\n')[program.firstLine - 1], '    return dot(A, v)');
  // Without the earlier defs, dot is not defined.
  const alone = web.checkAnswer(tc, matvec, 'return dot(A, v)', solvedOf(matvec));
  assert.equal(alone.failure.kind, 'error');
});
