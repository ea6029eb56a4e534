// Jest 29 and Jest 30, each as it runs by default (CommonJS, require) and in
// ES module mode, on the packed package installed in a fresh project: a
// failing toEqual or toBe of tensors prints a diff of dtype, shape and
// values (Jest 29 used to print mT's error, a stack overflow or "the tensor
// is disposed" instead: Note [What deep walkers see] in bindings/ts/tensor.ts),
// and the failed comparison leaves the tensors as they were. The cases are
// tests/js/runners/failing-comparisons.cjs; Jest 29 is tests/package-tools'.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const JEST = {
  29: join(root, 'tests/package-tools/node_modules/jest29/bin/jest.js'),
  30: join(root, 'node_modules/jest/bin/jest.js'),
};
const SPEC = {
  commonjs: "const { init } = require('tensorcast');\nrequire('./failing-comparisons.cjs').defineCases(test, expect, init);\n",
  module: "import { init } from 'tensorcast';\nimport cases from './failing-comparisons.cjs';\ncases.defineCases(test, expect, init);\n",
};
let work;
const projects = {};

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-jest-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'dist') });
  const tarball = join(work, JSON.parse(stdout)[0].filename);
  for (const type of ['commonjs', 'module']) {
    const dir = join(work, type);
    await mkdir(dir);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: `app-${type}`, private: true, type }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: dir });
    await copyFile(join(root, 'tests/js/runners/failing-comparisons.cjs'), join(dir, 'failing-comparisons.cjs'));
    await writeFile(join(dir, 'comparisons.test.js'), SPEC[type]);
    projects[type] = dir;
  }
});

after(() => rm(work, { recursive: true, force: true }));

// Jest's report, each test's failure block by the test's name.
async function jest(version, type) {
  const env = { ...process.env, NO_COLOR: '1', NODE_OPTIONS: type === 'module' ? '--experimental-vm-modules' : '' };
  const args = [JEST[version], '--rootDir', projects[type], '--verbose', '--no-color', '--ci', '--transform={}'];
  const output = await run(process.execPath, args, { cwd: projects[type], env, maxBuffer: 1 << 24 })
    .then(() => assert.fail('the failing comparisons passed'), (error) => error.stdout + error.stderr);
  const blocks = Object.fromEntries(output.split(/^ {2}● /m).slice(1).map((b) => [b.slice(0, b.indexOf('\n')).trim(), b]));
  return { output, blocks };
}

// What each failing comparison must show: the values that differ, as a
// diff under Jest's labels, and nothing of the module or of other errors.
function checkReport(version, { output, blocks }) {
  const where = `Jest ${version}`;
  assert.match(output, /Tests: +6 failed, 2 passed, 8 total/, `${where}:\n${output}`);
  for (const passing of ['a failed comparison leaves both tensors as they were and makes no tensor', 'equal tensors pass toEqual'])
    assert.match(output, new RegExp(`(✓|√) ${passing}`), `${where}: ${passing}\n${output}`);
  const block = (name) => {
    assert.ok(blocks[name], `${where}: no report for "${name}"\n${output}`);
    // Without the code frame (the spec's source around the failing line).
    const text = blocks[name].split('\n').filter((line) => !/^\s*>?\s*\d*\s\|/.test(line)).join('\n');
    assert.doesNotMatch(text, /mT|Maximum call stack|HEAPU8|_tc_|\[Function/, `${where}: ${name}\n${text}`);
    return text;
  };
  const tensorDiff = /Tensor \{\n\s+Symbol\(tensorcast\.value\): Object \{|"values": Float32Array \[/;
  for (const name of ['fails: toEqual of two matrices', 'fails: toEqual of two vectors', 'fails: toEqual inside an object, after a dispose, with a gradient']) {
    const text = block(name);
    assert.match(text, /expect\(received\)\.toEqual\(expected\)/, `${where}: ${name}`);
    assert.match(text, tensorDiff, `${where}: ${name}\n${text}`);
    assert.match(text, /^\s+-\s+3,\n\s+\+\s+2,$/m, `${where}: ${name}: the differing value\n${text}`);
    assert.doesNotMatch(text, /disposed/, `${where}: ${name}\n${text}`);
  }
  const toBe = block('fails: toBe of two tensors');
  assert.match(toBe, /expect\(received\)\.toBe\(expected\)/);
  assert.match(toBe, /^\s+-\s+3,\n\s+\+\s+2,$/m, `${where}: toBe\n${toBe}`);
  const tolist = block('fails: toEqual of tolist()');
  assert.match(tolist, /^\s+-\s+3,\n\s+\+\s+2,$/m, `${where}: tolist\n${tolist}`);
  // A disposed tensor compared: the report says so (Jest 30 in the diff,
  // Jest 29 as the error its copy of the tensor met).
  assert.match(block('fails: toEqual of a disposed tensor'), /disposed/);
}

for (const version of [29, 30]) {
  test(`Jest ${version}, CommonJS (its default): a failed comparison of tensors prints their values' diff`, async () => {
    assert.match((await run(process.execPath, [JEST[version], '--version'])).stdout, new RegExp(`^${version}\\.`));
    checkReport(version, await jest(version, 'commonjs'));
  });
  test(`Jest ${version}, ES modules (--experimental-vm-modules): the same`, async () => {
    checkReport(version, await jest(version, 'module'));
  });
}
