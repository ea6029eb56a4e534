// tc.tensor(data) reads nested arrays without a bound on their depth or on
// the number of elements before it allocates a Float32Array for them, so
// absurd data never reaches the core's checks (at most 16 dims, the memory
// limit). Each case must be a TensorcastError; each runs in a child process
// because today one of them exhausts V8's heap and kills the process.
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
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(child.status, 0, `the process died (status ${child.status}, signal ${child.signal}): ${child.stderr.slice(-400)}`);
  return JSON.parse(child.stdout);
}

test('a cyclic array is a TensorcastError, not a dead process', () => {
  const out = run('const x = []; x[0] = x; tc.tensor(x)');
  assert.match(out.outcome, /^TensorcastError value: tensorcast supports at most 16 dimensions/);
  assert.equal(out.ok, '[2,3]');
});

test('100,000 levels of nesting are a TensorcastError, not a stack overflow', () => {
  const out = run('let x = 1; for (let i = 0; i < 100000; i++) x = [x]; tc.tensor(x)');
  assert.match(out.outcome, /^TensorcastError value: tensorcast supports at most 16 dimensions/);
  assert.equal(out.ok, '[2,3]');
});

test('nested data of 2^33 elements is a TensorcastError (memory), not a RangeError', () => {
  const out = run('const row = new Array(65536).fill(0); const m = new Array(65536).fill(row); tc.tensor([m, m])');
  assert.match(out.outcome, /^TensorcastError memory: out of memory: a tensor of shape \[2, 65536, 65536\]/);
  assert.equal(out.ok, '[2,3]');
});
