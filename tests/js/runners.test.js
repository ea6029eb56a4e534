// Test runners' deep equality on tensors: Vitest's and Jest's toEqual see a
// tensor's dtype, shape and values (tests/js/runners/*/equality.spec.*), and a
// failing comparison is reported quickly and readably, without the module.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = 'tests/js/runners';

// Runs the runner; returns its output, which must report exactly the one
// test meant to fail.
async function outcome(command, args, env = {}) {
  const started = Date.now();
  const result = await run(command, args, { cwd: root, env: { ...process.env, ...env }, maxBuffer: 1 << 24 })
    .then(() => ({ code: 0, stdout: '', stderr: '' }), (error) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }));
  return { ...result, output: result.stdout + result.stderr, seconds: (Date.now() - started) / 1000 };
}

function check({ code, output }) {
  assert.equal(code, 1, output);
  assert.match(output, /a failing toEqual/);
  assert.doesNotMatch(output, /(✓|√).*a failing toEqual/);
  assert.match(output, /(✓|√).*toEqual compares dtype, shape and values/);
  assert.match(output, /1 failed/);
  // What the failure shows: the tensors (their repr or their values), not the Emscripten module.
  assert.match(output, /tensor\(\[1\., 2\.\]\)|Float32Array/);
  assert.doesNotMatch(output, /HEAPU8|_tc_op2/);
}

test('Vitest: toEqual passes for equal tensors, fails for different values, shapes or dtypes', async () => {
  check(await outcome(`${root}node_modules/.bin/vitest`, ['run', '--root', `${dir}/vitest`, '--reporter', 'verbose'], { NO_COLOR: '1' }));
});

test('Jest (ES modules, as its docs say: --experimental-vm-modules): the same', async () => {
  check(await outcome(process.execPath, [`${root}node_modules/jest/bin/jest.js`, '--rootDir', `${dir}/jest`, '--verbose', '--no-color', '--transform={}'],
    { NODE_OPTIONS: '--experimental-vm-modules' }));
});

test('Jest as it runs by default (CommonJS, require): the same', async () => {
  check(await outcome(process.execPath, [`${root}node_modules/jest/bin/jest.js`, '--rootDir', `${dir}/jest-cjs`, '--testMatch', '**/*.spec.cjs', '--verbose', '--no-color']));
});
