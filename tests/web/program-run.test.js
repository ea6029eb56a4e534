// The code mode's run (web/src/model/program.ts, runProgram): it never
// throws, and the program's result survives a dispose() that fails
// (a 60-line `y = y * 1 * 1 ...` link once left the page on "Loading the
// WebAssembly core..." for good: the throw in its `finally` replaced the
// result).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from '../js/helpers.js';
import { loadWeb } from './bundle.js';

const web = await loadWeb('model/program');

const SIXTY_LINES = 'import torch\nx = torch.ones(2, requires_grad=True)\ny = x\n' +
  Array.from({ length: 60 }, () => `y = y${' * 1'.repeat(95)}\n`).join('');

test('a 60-line program of `y = y * 1 * 1 ...` runs until the work budget stops it, and is freed: its statements come back', () => {
  const before = tc.memory();
  const run = web.runProgram(tc, SIXTY_LINES);
  // the records of its 5,700 calls are described past the budget (docs/limits.md, "Programs")
  assert.equal(run.ok, false);
  assert.equal(run.error.kind, 'limit');
  assert.match(run.error.message, /^this line would describe \d+ characters of its results/);
  assert.ok(run.error.line > 3 && run.error.line < 63, `stopped at line ${run.error.line}`);
  assert.equal(run.statements.length, run.error.line);
  assert.equal(run.statements[run.error.line - 2].names.y.gradFn, 'MulBackward0');
  assert.equal(tc.memory().tensors, before.tensors);
  assert.equal(tc.memory().bytes, before.bytes);
});

test("a dispose() that throws: the program's result is returned, and the failure goes to console.error", () => {
  const program = tc.run('import torch\nx = torch.ones(2)\nprint(x.sum())');
  const failing = {
    run: () => ({
      ok: program.ok,
      statements: program.statements,
      error: program.error,
      printed: program.printed,
      backward: program.backward,
      dispose() {
        program.dispose();
        throw new RangeError('Maximum call stack size exceeded');
      },
    }),
  };
  const original = console.error;
  const logged = [];
  console.error = (...args) => logged.push(args);
  let run;
  try {
    run = web.runProgram(failing, 'import torch\nx = torch.ones(2)\nprint(x.sum())');
  } finally {
    console.error = original;
  }
  assert.equal(run.ok, true);
  assert.equal(run.printed, 'tensor(2.)\n');
  assert.equal(run.statements.length, 3);
  assert.equal(logged.length, 1);
  assert.match(String(logged[0][0]), /could not free the program's tensors/);
  assert.ok(logged[0][1] instanceof RangeError);
});

test('a record past the page\'s bound is cut at the statement that passes it, with a limit error there (boundRecord)', () => {
  const code = `import torch\nx = torch.ones(2, requires_grad=True)\ny = x\n${'y = y * 1\n'.repeat(3000)}print(y)\ny.sum().backward()\n`;
  const whole = web.runProgram(tc, code, null, { maxWork: 2.5e10 });
  assert.equal(whole.ok, true, 'the raised budget runs it to the end');
  assert.equal(web.boundRecord(whole, Number.MAX_SAFE_INTEGER), whole, 'under the bound: the same record');
  const perStatement = web.recordChars(whole.statements[10]);
  assert.ok(perStatement > 1000, `a line of y * 1 describes ${perStatement} characters`);
  const cut = web.boundRecord(whole, web.PAGE_RECORD_CHARS);
  assert.equal(cut.ok, false);
  assert.equal(cut.error.kind, 'limit');
  assert.match(cut.error.message, /^the program ran on, but its record would pass 5000000 characters here/);
  // Each statement kept is as it ran; the one that passes the bound carries the error.
  let total = 0;
  for (const s of cut.statements) total += web.recordChars(s);
  assert.ok(total <= web.PAGE_RECORD_CHARS && total + web.recordChars(whole.statements[cut.statements.length]) > web.PAGE_RECORD_CHARS);
  assert.equal(cut.error.line, whole.statements[cut.statements.length].line);
  assert.deepEqual(cut.statements, whole.statements.slice(0, cut.statements.length));
  assert.equal(cut.printed, '', 'print() past the cut is not shown');
  assert.deepEqual(cut.backward, [], 'nor the backward pass');
  assert.equal(whole.backward.length > 0, true);
});
