// The answer-free build (Note [Answer-free build] in web/puzzles-plugin.ts):
// the playground built with TC_SOLUTIONS=hide holds no puzzle's reference
// code in any file it writes, and the results it ships in their place make
// the checker give the verdicts a reference-made `solved` gives.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const web = await loadWeb('../puzzles-plugin', 'model/puzzle-check', 'model/puzzle-set');
// the plugin's own folder, named here: the bundle lives elsewhere
const DIR = join(root, 'web/puzzles');
const files = web.readPuzzleFiles(DIR);
const puzzles = files.filter((e) => e.kind === 'function');
const { seed, count } = web.PUZZLE_SET;

const work = mkdtempSync(join(tmpdir(), 'tc-no-solutions-'));
after(() => rmSync(work, { recursive: true, force: true }));
// An extra page that imports the set, so that the set is in the output
// whichever pages of the playground import it today.
const probe = join(work, 'probe.js');
writeFileSync(probe, "import set from 'virtual:tensorcast-puzzles';\nglobalThis.tensorcastPuzzleSet = set;\n");

/** Every file the playground's build writes, as text (.gz and .br copies unpacked), with TC_SOLUTIONS set to `solutions`. */
async function builtText(solutions) {
  const outDir = join(work, solutions);
  const before = process.env.TC_SOLUTIONS;
  process.env.TC_SOLUTIONS = solutions;
  try {
    await build({
      configFile: join(root, 'web/vite.config.ts'),
      logLevel: 'error',
      build: { outDir, rolldownOptions: { input: { probe } } },
    });
  } finally {
    if (before === undefined) delete process.env.TC_SOLUTIONS;
    else process.env.TC_SOLUTIONS = before;
  }
  const texts = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (!e.name.endsWith('.wasm')) {
        const raw = readFileSync(path);
        const bytes = e.name.endsWith('.gz') ? gunzipSync(raw) : e.name.endsWith('.br') ? brotliDecompressSync(raw) : raw;
        texts.push({ name: path.slice(outDir.length + 1), text: bytes.toString('utf8') });
      }
    }
  };
  walk(outDir);
  return texts;
}

// A reference's code as it may stand in a built file: as written, as a
// JSON string's content, and as a string inside a string (the module is
// JSON.parse of a literal); with and without its `return `.
function forms(reference) {
  const bodies = [reference, reference.replace(/^return /, '')];
  return bodies.flatMap((b) => [b, JSON.stringify(b).slice(1, -1), JSON.stringify(JSON.stringify(b)).slice(1, -1)]);
}
const found = (texts, reference) => texts.filter((t) => forms(reference).some((f) => t.text.includes(f))).map((t) => t.name);

test('the answer-free build holds no reference; the same search finds every one in the build with solutions', async () => {
  const shown = await builtText('show');
  const hidden = await builtText('hide');
  for (const p of puzzles) {
    assert.notDeepEqual(found(shown, p.reference), [], `${p.id}: the search does not find the reference in the build with solutions`);
    assert.deepEqual(found(hidden, p.reference), [], `${p.id}: the reference's code is in the answer-free build`);
    // the set did ship: the puzzle's statement is there in both builds
    for (const texts of [shown, hidden])
      assert.ok(texts.some((t) => t.text.includes(JSON.stringify(JSON.stringify(p.statement.en)).slice(3, -3))), `${p.id}: not in the build`);
  }
});

test('the shipped results give the verdicts a reference gives, for the reference and every typical wrong answer', async () => {
  const source = await web.puzzleModule('hide', DIR);
  const hidden = await import(`data:text/javascript,${encodeURIComponent(source)}`);
  assert.equal(hidden.solutions, 'hide');
  const shipped = hidden.default;
  assert.equal(shipped.length, files.length);
  for (const p of puzzles) {
    const entry = shipped.find((e) => e.kind === 'puzzle' && e.puzzle.id === p.id);
    assert.equal(entry.reference, null, p.id);
    assert.deepEqual([entry.solved.seed, entry.solved.count], [seed, count]);
    assert.ok(!('wrong' in entry.puzzle) && !('reference' in entry.puzzle), p.id);
    // the signature arrives whole (its ranges are a Map, which JSON alone would drop)
    const { reference: _r, wrong: _w, ...checkable } = p;
    assert.deepEqual(entry.puzzle, checkable, p.id);
    const made = web.solve(tc, p, seed, count);
    const ok = web.checkAnswer(tc, entry.puzzle, p.reference, entry.solved);
    assert.equal(ok.passed, true, `${p.id}: ${ok.failure?.message}`);
    assert.equal(ok.compared, count);
    for (const w of p.wrong) {
      const r = web.checkAnswer(tc, entry.puzzle, w.answer, entry.solved);
      assert.equal(r.failure?.kind, w.fails, `${p.id}: ${w.answer}`);
      assert.deepEqual(r, web.checkAnswer(tc, p, w.answer, made), `${p.id}: ${w.answer}`);
    }
    assert.deepEqual(ok, web.checkAnswer(tc, p, p.reference, made), p.id);
  }
  // drills ship as they are in both builds; the build with solutions ships each reference as its file has it
  const shownModule = await import(`data:text/javascript,${encodeURIComponent(await web.puzzleModule('show', DIR))}`);
  assert.equal(shownModule.solutions, 'show');
  const shown = shownModule.default;
  assert.deepEqual(shipped.filter((e) => e.kind === 'drill'), shown.filter((e) => e.kind === 'drill'));
  assert.deepEqual(shown, web.readPuzzleSet(DIR));
});

test('the build with solutions ships each reference and no results; TC_SOLUTIONS takes hide, show or nothing', () => {
  for (const e of web.readPuzzleSet(DIR)) if (e.kind === 'puzzle') assert.deepEqual([typeof e.reference, e.solved], ['string', null]);
  assert.equal(web.solutionsFromEnv(undefined), 'show');
  assert.equal(web.solutionsFromEnv('show'), 'show');
  assert.equal(web.solutionsFromEnv('hide'), 'hide');
  assert.throws(() => web.solutionsFromEnv('hidden'), /^Error: TC_SOLUTIONS=hidden: use TC_SOLUTIONS=hide for a build without solutions \(docs\/puzzles\.md\), or leave it unset$/);
});
