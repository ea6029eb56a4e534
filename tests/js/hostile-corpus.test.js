// The hostile-input corpus: every hostile reproduction (no program,
// link or forgotten tensor may hang, crash or exhaust tensorcast)
// (tests/js/hostile/reproductions.js) and the programs of a seeded generator
// (tests/js/hostile/generator.js), each run in a worker thread under a time
// limit (tests/js/hostile/sandbox.js), so that a hang or a crash fails its
// own test instead of the run. For each: tc.run returns a Program or its
// error and nothing but a TensorcastError escapes; dispose() never throws;
// tc.memory() is back where it was; the worked examples still compute
// (tests/js/hostile/checks.js). The browser's half is e2e/hostile-links.spec.js.
//
// HOSTILE_SEED picks another seed (a failure names its seed and family:
// HOSTILE_SEED=<seed> HOSTILE_ONLY=<family> node --test tests/js/hostile-corpus.test.js
// runs that family alone), HOSTILE_COUNT the programs per family,
// HOSTILE_TIME_LIMIT_MS the limit per program.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { FAMILY_NAMES, generate, MAX_OUTPUT } from './hostile/generator.js';
import { REPRODUCTIONS } from './hostile/reproductions.js';
import { Sandbox, TIME_LIMIT_MS } from './hostile/sandbox.js';
import { tc } from './helpers.js';

const SEED = Number(process.env.HOSTILE_SEED ?? 21);
const COUNT = Number(process.env.HOSTILE_COUNT ?? 6);
const ONLY = process.env.HOSTILE_ONLY ?? null;

const sandbox = new Sandbox();
after(() => sandbox.close());

const clip = (code, n = 160) => {
  const text = code.length > n ? `${code.slice(0, n)}… (${code.length} characters)` : code;
  return JSON.stringify(text);
};

const timings = [];

/** Whether a small, harmless program runs to the end (the generator tries each library call on small tensors first). */
function fits(code) {
  const p = tc.run(code);
  try {
    return p.ok;
  } finally {
    p.dispose();
  }
}

if (ONLY === null) {
  for (const [title, { limitMs }] of Object.entries(REPRODUCTIONS)) {
    test(`reproduction: ${title}`, async (t) => {
      const answer = await sandbox.run({ kind: 'reproduction', name: title }, limitMs ?? TIME_LIMIT_MS);
      timings.push({ what: title, ms: answer.ms });
      if (answer.outcome !== null && answer.outcome !== undefined) t.diagnostic(`outcome: ${JSON.stringify(answer.outcome)}`);
      assert.deepEqual(answer.problems, []);
    });
  }
}

for (const family of FAMILY_NAMES) {
  if (ONLY !== null && ONLY !== family) continue;
  test(`generated (seed ${SEED}): ${family}`, async (t) => {
    const programs = generate({ seed: SEED, count: COUNT, only: family, fits });
    const failures = [];
    const started = performance.now();
    let largest = 0;
    const ends = {};
    for (const program of programs) {
      const answer = await sandbox.run({ kind: 'program', code: program.code });
      timings.push({ what: `${family} #${program.index}`, ms: answer.ms });
      const problems = [...answer.problems];
      const out = answer.outcome;
      const end = answer.hung ? 'hung' : answer.died ? 'died' : out === null ? 'no outcome' : out.threw !== undefined ? 'threw' : out.ok ? 'ran' : out.kind;
      ends[end] = (ends[end] ?? 0) + 1;
      if (out?.jsonBytes !== undefined) {
        largest = Math.max(largest, out.jsonBytes ?? 0, out.printedBytes);
        const max = MAX_OUTPUT[family];
        if (max !== undefined && (out.jsonBytes === null || out.jsonBytes > max)) problems.push(`the statements' JSON is ${out.jsonBytes} bytes: a value's description should be bounded (at most ${max})`);
        if (max !== undefined && out.printedBytes > max) problems.push(`print() wrote ${out.printedBytes} bytes: output should be bounded (at most ${max})`);
      }
      if (problems.length > 0)
        failures.push(`${family} #${program.index} (seed ${program.seed}): ${clip(program.code)}\n    → ${out === null ? 'no outcome' : JSON.stringify(out)}\n    ${problems.join('\n    ')}`);
    }
    t.diagnostic(`${programs.length} programs in ${((performance.now() - started) / 1000).toFixed(1)} s; how they ended: ${JSON.stringify(ends)}; ` +
      `largest statements' JSON or printed text: ${largest} bytes`);
    assert.equal(failures.length, 0, `${failures.length} of ${programs.length} programs failed:\n${failures.join('\n')}`);
  });
}

test('after everything, the instance computes every worked example as PyTorch does', async (t) => {
  const answer = await sandbox.run({ kind: 'health' });
  const slow = timings.filter((x) => x.ms !== null).sort((a, b) => b.ms - a.ms).slice(0, 5);
  t.diagnostic(`slowest: ${slow.map((x) => `${x.what} ${x.ms.toFixed(0)} ms`).join('; ')}; workers started: ${sandbox.started}`);
  assert.deepEqual(answer.problems, []);
});
