// A program's warnings (Note [Program warnings] in src/lang/program.h):
// under tc.setBroadcastPolicy('warn'), p.warnings holds each with its text
// and its statement's line, once per statement and text (a loop that warns
// on every run warns once, as Python's default warnings filter shows it);
// tc.onWarning's listeners still get every warning as it is raised.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tc } from './helpers.js';

const PROGRAM = [
  'import torch',
  'a = torch.ones(3)',
  'b = torch.ones(3, 1)',
  'c = a + b',
  'for i in range(3):',
  '    d = a * torch.ones(2, 3)',
  'e = a + 1',
].join('\n');

test("p.warnings: each warning with its text and line, once per statement and text", () => {
  const heard = [];
  const off = tc.onWarning((w) => heard.push(w.message));
  tc.setBroadcastPolicy('warn');
  let p;
  try {
    p = tc.run(PROGRAM);
  } finally {
    tc.setBroadcastPolicy('allow');
    off();
  }
  try {
    assert.equal(p.error, null);
    // line 4: [3] + [3, 1] promotes a rank and is an outer product; line 6 promotes a
    // rank on each of its three runs; line 7's number is exempt
    assert.deepEqual(p.warnings.map((w) => [w.line, w.column, w.warningKind]),
      [[4, 1, 'rank-promotion'], [4, 1, 'outer-product'], [6, 5, 'rank-promotion']]);
    // line 6 ran three times: its warning is there once, the listener heard it three times
    const line6 = p.warnings.filter((w) => w.line === 6);
    assert.equal(line6.length, 1);
    assert.equal(heard.filter((m) => m === line6[0].message).length, 3);
    for (const w of p.warnings) {
      assert.equal(typeof w.message, 'string');
      assert.ok(w.message.length > 0);
      assert.ok(heard.includes(w.message), w.message);
      assert.equal(p.statements.find((s) => s.line === w.line && s.run === 0).endColumn, w.endColumn);
    }
  } finally {
    p.dispose();
  }
});

test("p.warnings is empty under the default policy, and when nothing warns", () => {
  const p = tc.run(PROGRAM);
  assert.deepEqual(p.warnings, []);
  p.dispose();
  tc.setBroadcastPolicy('warn');
  try {
    const q = tc.run('import torch\nx = torch.ones(2, 3) + torch.ones(2, 3)');
    assert.deepEqual(q.warnings, []);
    q.dispose();
  } finally {
    tc.setBroadcastPolicy('allow');
  }
});
