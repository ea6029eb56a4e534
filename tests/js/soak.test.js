// The soak (tests/soak/) must be able to fail: with its reference broken on
// purpose in five ways, or memory leaked in two, it stops, says what disagreed, and writes a replay
// script that, run on its own, rebuilds the failing tensor with the values
// the core had. And a run is a function of its seed. (npm test runs the
// soak itself, shortened, from scripts/test.sh; npm run soak the full one.)
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { SoakFailure, runSoak } from '../soak/soak.js';

async function failure(options) {
  try {
    await runSoak({ ops: 4000, checkEvery: 50, ...options });
  } catch (error) {
    assert.ok(error instanceof SoakFailure, `${options.sabotage}: ${error?.stack}`);
    return error;
  }
  assert.fail(`the soak passed with its reference broken (${options.sabotage})`);
}

function replay(path) {
  const run = spawnSync(process.execPath, [path], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

test('a wrong product in the reference is caught at a full check, and the replay rebuilds what the core held', async () => {
  const e = await failure({ seed: 101, sabotage: 'mul' });
  assert.match(e.message, /^SOAK FAILURE at step \d+ \(seed 101\): t\d+ holds /);
  assert.match(e.message, /\.mul\(/, 'the slice shows the product it depends on');
  assert.match(e.message, /Rerun the soak up to here: node tests\/soak\/soak\.js --seed 101 --ops \d+ --warm-up \d+ --check-every 50/);
  assert.ok(existsSync(e.replay));
  const [name] = e.names;
  const line = replay(e.replay).split('\n').find((l) => l.startsWith(`${name} `));
  assert.ok(line, `the replay printed nothing for ${name}`);
  const printed = JSON.parse(line.slice(name.length + 1));
  assert.deepEqual(printed.values, e.got.map((v) => (Object.is(v, -0) ? '-0' : String(v))));
});

test('reference data that drifts from what was passed is caught', async () => {
  const e = await failure({ seed: 102, sabotage: 'values' });
  assert.match(e.message, /SOAK FAILURE at step \d+ \(seed 102\): /);
});

test('a wrong gradient in the reference is caught right after backward', async () => {
  const e = await failure({ seed: 103, sabotage: 'grad' });
  assert.match(e.message, /backward\(.*\.grad\[0\] is /);
  assert.match(replay(e.replay), new RegExp(`^${e.names[0]} .*"grad":\\[`, 'm'));
});

test('a wrong int64 value in the reference is caught (int64 is compared exactly, as BigInts)', async () => {
  const e = await failure({ seed: 107, sabotage: 'int64' });
  // Caught wherever the wrong value first shows: a full check, a value read
  // back, or a step whose outcome it decides (a divisor thought nonzero).
  assert.match(e.message, /^SOAK FAILURE at step \d+ \(seed 107\): /);
  // And only because of the broken reference: the same run without it passes.
  await runSoak({ ops: 4000, checkEvery: 50, seed: 107 });
});

test('a tensor nobody disposes is caught by the next live-tensor count', async () => {
  const e = await failure({ seed: 104, sabotage: 'leak' });
  assert.match(e.message, /: 1 tensors alive|tensors alive, the soak holds/);
  assert.ok(e.step >= 150 && e.step < 200, `caught at step ${e.step}, not within the next 50 steps`);
});

test('wasm memory that is never freed is caught by the end-of-run heap check', async () => {
  // 16 bytes every 50 steps after the 2,000-step warm-up of 20,000: 359
  // blocks, over 5 KB, past the 4 KB the check allows.
  const e = await failure({ seed: 106, sabotage: 'heap', ops: 20_000, checkEvery: 1000 });
  assert.match(e.message, /memory not flat: the heap in use grew by \d+ bytes after the warm-up/);
});

test('the same seed runs the same steps and calls', async () => {
  const a = await runSoak({ ops: 3000, seed: 105 });
  const b = await runSoak({ ops: 3000, seed: 105 });
  assert.deepEqual(a.stats, b.stats);
  assert.equal(a.calls, b.calls);
  assert.equal(a.refused, b.refused);
  // Every kind of step ran, and each kind that can be refused was, sometimes.
  for (const [kind, { steps }] of Object.entries(a.stats)) assert.ok(steps > 0, `${kind} never ran`);
  for (const kind of ['binary', 'unary', 'where', 'inplace', 'view', 'read', 'backward', 'useDisposed', 'badArgument'])
    assert.ok(a.stats[kind].refused > 0, `${kind} was never refused`);
  // Results of every dtype were made and checked.
  for (const dtype of ['bool', 'uint8', 'int32', 'int64', 'float32', 'float64']) assert.ok(a.dtypes[dtype] > 0, `no ${dtype} result`);
});
