// Program.tensor(name) (README "Programs"): the typed accessor. At run
// time, the tensor get(name) returns, or a TensorcastError that says why
// not; under tsc --strict, a Tensor (p.get(name) is a union with undefined,
// so that p.get('d').shape does not compile, and p.tensor('d').shape does).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { test } from 'node:test';
import { Tensor } from 'tensorcast';
import { tc, throwsTc } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('tensor(name) is the Tensor get(name) returns', () => {
  const p = tc.run('import torch\nx = torch.arange(6.).reshape(2, 3)\nd = x[:, :, None] - torch.ones(4)\n');
  try {
    const d = p.tensor('d');
    assert.ok(d instanceof Tensor);
    assert.equal(d, p.get('d'));
    assert.deepEqual(d.shape, [2, 3, 4]);
  } finally {
    p.dispose();
  }
});

test('tensor(name) of a name the program never bound, or bound to something else, says so', () => {
  const p = tc.run('import torch\nn = 3\nf = 2.5\ns = (2, 3)\nm = torch.float32\ng = None\ny = z + 1\n');
  try {
    throwsTc(() => p.tensor('d'), 'value', "Program.tensor(): 'd' is not defined: the program never bound it (it stopped at line 7: NameError)");
    throwsTc(() => p.tensor('y'), 'value', "Program.tensor(): 'y' is not defined: the program never bound it (it stopped at line 7: NameError)");
    throwsTc(() => p.tensor('n'), 'type', "Program.tensor(): 'n' is an int, not a Tensor; get('n') returns any value");
    throwsTc(() => p.tensor('f'), 'type', "Program.tensor(): 'f' is a float, not a Tensor; get('f') returns any value");
    throwsTc(() => p.tensor('s'), 'type', "Program.tensor(): 's' is a tuple or list, not a Tensor; get('s') returns any value");
    throwsTc(() => p.tensor('m'), 'type', "Program.tensor(): 'm' is a torch.dtype, not a Tensor; get('m') returns any value");
    throwsTc(() => p.tensor('g'), 'type', "Program.tensor(): 'g' is None, not a Tensor; get('g') returns any value");
    throwsTc(() => p.tensor('torch'), 'type', "Program.tensor(): 'torch' is <module 'torch'>, not a Tensor; get('torch') returns any value");
    throwsTc(() => p.tensor(3), 'type', "Program.get(): argument 'name' must be a string, not 3");
  } finally {
    p.dispose();
  }
  const ok = tc.run('n = 1');
  throwsTc(() => ok.tensor('d'), 'value', "Program.tensor(): 'd' is not defined: the program never bound it");
  ok.dispose();
  const gone = tc.run('import torch\nd = torch.ones(2)');
  gone.dispose();
  throwsTc(() => gone.tensor('d'), 'disposed', 'Program.get(): the program is disposed; its tensors are freed');
});

test('under tsc --strict, p.tensor(name) is a Tensor and p.get(name) is not', async () => {
  const work = await mkdtemp(join(tmpdir(), 'tensorcast-program-tensor-'));
  try {
    // 'tensorcast' resolves to this checkout's package (its exports, its dist/ types)
    await mkdir(join(work, 'node_modules'));
    await symlink(root, join(work, 'node_modules', 'tensorcast'), 'dir');
    await writeFile(join(work, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const source = (line) => [
      "import type { Tensorcast } from 'tensorcast';",
      'declare const tc: Tensorcast;',
      "const p = tc.run('import torch\\nd = torch.ones(2, 3)');",
      line,
      'export {};',
    ].join('\n');
    await writeFile(join(work, 'good.ts'), source("const shape: number[] = p.tensor('d').shape; p.tensor('d').sum().item();"));
    await writeFile(join(work, 'bad.ts'), source("const shape: number[] = p.get('d').shape;"));
    const tsc = (file) => promisify(execFile)(join(root, 'node_modules/.bin/tsc'),
      ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--lib', 'es2022', '--types', '', file],
      { cwd: work });
    await tsc('good.ts').catch((error) => assert.fail(error.stdout));
    const bad = await tsc('bad.ts').then(() => null, (error) => error.stdout);
    assert.ok(bad !== null, 'p.get(name).shape compiled under --strict');
    assert.match(bad, /bad\.ts\(4,\d+\): error TS\d+: .*(undefined|shape)/);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
