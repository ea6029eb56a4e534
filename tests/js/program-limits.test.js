// tc.run's work budget and memory cap (docs/limits.md, "Programs"; Note
// [Work budget] in src/work.h, Note [Live memory limit] in src/storage.h):
// the options maxWork and maxMemory beside maxStatements and maxElements,
// their defaults, their errors with advice, and tc.memory() back where it
// was after dispose(). The core's own tests are tests/core/work_test.cpp.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc, throwsTc } from './helpers.js';

function runFailing(code, options) {
  const p = tc.run(code, options);
  try {
    assert.equal(p.ok, false, `no error for ${code.slice(0, 60)}`);
    return { error: p.error, statements: p.statements.length };
  } finally {
    p.dispose();
  }
}

function runOk(code, options) {
  const p = tc.run(code, options);
  try {
    assert.equal(p.error, null, p.error?.message);
  } finally {
    p.dispose();
  }
}

test("a link, a matmul of torch.ones(1).expand(2**40), is refused at once", () => {
  const { error } = runFailing('import torch\na = torch.ones(1).expand(2**40); c = a @ a');
  assert.deepEqual(error, {
    line: 2, column: 38, endLine: 2, endColumn: 43,
    message: 'this line would compute 1.1e12 multiply-adds (1.1e12 work units); the limit is 5e8 work units per program, 5e8 of them left',
    kind: 'limit',
    pythonType: 'RuntimeError',
  });
});

test('10,000 lines of a 4096 x 4096 matmul stop at the first: one is past the whole budget', () => {
  const code = 'import torch\na = torch.ones(4096, 4096)\n' + 'c = a @ a\n'.repeat(9998);
  const { error, statements } = runFailing(code);
  assert.equal(error.kind, 'limit');
  assert.equal(error.line, 3);
  assert.equal(statements, 3);
  assert.equal(error.message, 'this line would compute 6.9e10 multiply-adds (1.7e10 work units); the limit is 5e8 work units per program, 4.8e8 of them left');
});

test('maxWork: the budget of the whole program, not of each statement', () => {
  // 100 ones (100 units), then x + x reads two and writes one per
  // element, in one row (24 units); each line's results described (100
  // units a character) when it ends
  const three = 'import torch\nx = torch.ones(100)\ny = x + x\n';
  const code = `${three}z = x + x\n`;
  const whole = tc.run(code);
  const before = tc.run(three);
  const work = whole.work, upToLine4 = before.work;
  whole.dispose();
  before.dispose();
  const p = tc.run(code, { maxWork: work });
  assert.equal(p.error, null);
  assert.equal(p.work, work);
  p.dispose();
  // Line 4 alone costs what line 3 does: the budget is the program's.
  assert.equal(work - upToLine4, upToLine4 - tc.run('import torch\nx = torch.ones(100)\n').work);
  assert.match(runFailing(code, { maxWork: work - 1 }).error.message, /^this line would describe \d+ characters of its results/);
  const { error } = runFailing(code, { maxWork: upToLine4 + 323 });
  assert.equal(error.line, 4);
  assert.equal(error.message, `this line would read and write 300 elements (324 work units); the limit is ${upToLine4 + 323} work units per program, 323 of them left`);
  assert.equal(runFailing(code, { maxWork: 1 }).error.line, 1);  // even import torch is described
});

test('maxWork: an in-place op refused by the budget leaves its target as it was', () => {
  const setup = 'import torch\ny = torch.arange(10.)\n';
  const before = tc.run(setup);
  const spent = before.work;
  before.dispose();
  // 20 units: less than the ones (10), the product (20 and a row) and the sum
  const p = tc.run(`${setup}y += torch.ones(10) * 100\n`, { maxWork: spent + 20 });
  try {
    assert.equal(p.error.kind, 'limit');
    assert.equal(p.error.line, 3);
    assert.deepEqual(p.get('y').toArray(), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  } finally {
    p.dispose();
  }
});

test('maxMemory: 80 lines of torch.ones(2**24) stop at 512 MiB, with advice, and memory comes back', () => {
  const before = tc.memory();
  let code = 'import torch\n';
  for (let i = 0; i < 80; i++) code += `a${i} = torch.ones(2**24)\n`;
  const p = tc.run(code);
  try {
    assert.equal(p.error.kind, 'memory');
    assert.equal(p.error.line, 10);
    assert.equal(p.error.message,
      'out of memory: tried to allocate 64.00 MiB for a tensor of shape [16777216], past the 512.00 MiB a program\'s tensors may hold at once ' +
      '(512.00 MiB already allocated). The program\'s names hold 512.00 MiB: a0 (64.00 MiB), a1 (64.00 MiB), a2 (64.00 MiB), a3 (64.00 MiB), ' +
      'a4 (64.00 MiB) and 3 more names (192.00 MiB). Free memory before this line: make smaller tensors, reuse a name (x = x * 2 frees the old x) ' +
      'or set names you no longer need to None; or raise the limit (maxMemory, 512.00 MiB now)');
    assert.equal(tc.memory().bytes - before.bytes, 8 * 2 ** 26);
  } finally {
    p.dispose();
  }
  assert.equal(tc.memory().bytes, before.bytes);
  assert.equal(tc.memory().tensors, before.tensors);
});

test('maxMemory: counts what the program holds at once; reusing a name frees the old tensor', () => {
  const many = 'import torch\n' + 'a = torch.ones(1000) * 2\n'.repeat(50);
  runOk(many, { maxMemory: 3 * 4000 + 100 });
  const { error } = runFailing('import torch\na = torch.ones(1000)\nb = torch.ones(1000)\n', { maxMemory: 6000 });
  assert.equal(error.kind, 'memory');
  assert.equal(error.line, 3);
  assert.match(error.message, /^out of memory: tried to allocate 3\.91 KiB for a tensor of shape \[1000\], past the 5\.86 KiB a program's tensors may hold at once \(3\.91 KiB already allocated\)\. The program's names hold 3\.91 KiB: a \(3\.91 KiB\)\. Free memory before this line: /);
});

test('maxElements: a tensor past the per-tensor limit says how large one may be', () => {
  const { error } = runFailing('import torch\nx = torch.ones(10, 10)', { maxElements: 50 });
  assert.equal(error.kind, 'memory');
  assert.equal(error.message,
    'out of memory: a tensor of shape [10, 10] of 100 elements needs 100 x 4 bytes, more than the 200 bytes tensorcast may allocate. ' +
    'Each tensor of a program may hold at most 200 bytes (50 float32 elements, the maxElements limit): make smaller tensors, or compute in parts');
});

test('the options are checked as the others are', () => {
  for (const name of ['maxWork', 'maxMemory']) {
    throwsTc(() => tc.run('x = 1', { [name]: 0 }), 'value', `run(): ${name} must be at least 1, not 0`);
    throwsTc(() => tc.run('x = 1', { [name]: 1.5 }), 'value', `run(): argument '${name}' must be an integer, but got 1.5`);
    throwsTc(() => tc.run('x = 1', { [name]: '9' }), 'type', `run(): argument '${name}' must be an integer, not string`);
  }
  throwsTc(() => tc.run('x = 1', { maxwork: 5 }), 'type', "run(): unknown option 'maxwork' (known: maxStatements, maxSteps, maxElements, maxWork, maxMemory, valuesAt, valuesRun, inputs)");
  // large values are fine: a budget is a number of units, not an allocation
  runOk('import torch\nc = torch.ones(1).expand(2**20) @ torch.ones(1).expand(2**20)', { maxWork: 2 ** 53 - 1, maxMemory: 2 ** 53 - 1 });
});
