// tc.tensor(data) on absurd nested arrays: it once read them with no bound
// on depth or size before the core's checks (a cyclic array exhausted V8's
// heap). Now it reads the shape down at most 16 levels and lets the core
// check the size before any value is copied. Each case must be a
// TensorcastError; each runs in a child process, so that a regression that
// kills the process is a failed test, not a dead runner.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

function run(body) {
  const script = `
    import { init, TensorcastError } from 'tensorcast';
    const tc = await init();
    let outcome;
    try { ${body}; outcome = 'no error'; }
    catch (e) { outcome = (e instanceof TensorcastError ? 'TensorcastError ' + e.kind : e.constructor.name) + ': ' + e.message; }
    const ok = JSON.stringify(tc.tensor([1, 2]).add(1).toArray());
    console.log(JSON.stringify({ outcome, ok }));
  `;
  const child = spawnSync(process.execPath, ['--max-old-space-size=256', '--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(child.status, 0, `the process died (status ${child.status}, signal ${child.signal}): ${child.stderr.slice(-400)}`);
  return JSON.parse(child.stdout);
}

test('a cyclic array is a TensorcastError, not a dead process', () => {
  const out = run('const x = []; x[0] = x; tc.tensor(x)');
  assert.match(out.outcome, /^TensorcastError value: tensorcast supports at most 16 dimensions, got more than 64$/);
  assert.equal(out.ok, '[2,3]');
});

test('100,000 levels of nesting are a TensorcastError, not a stack overflow', () => {
  const out = run('let x = 1; for (let i = 0; i < 100000; i++) x = [x]; tc.tensor(x)');
  assert.match(out.outcome, /^TensorcastError value: tensorcast supports at most 16 dimensions, got more than 64$/);
  assert.equal(out.ok, '[2,3]');
});

test('nested data of 2^33 elements is a TensorcastError (memory), not a RangeError', () => {
  const out = run('const row = new Array(65536).fill(0); const m = new Array(65536).fill(row); tc.tensor([m, m])');
  assert.match(out.outcome, /^TensorcastError memory: out of memory: a tensor of shape \[2, 65536, 65536\]/);
  assert.equal(out.ok, '[2,3]');
});
