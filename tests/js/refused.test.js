// A refused construct stops the program at its statement (Note [Refused
// constructs] in src/lang/parser.cpp; docs/programs.md "Outside the
// subset"): for each construct of tests/js/fixtures/refused, on line 4 of
// a program whose first three statements run, what Python compiles runs
// those statements (their results kept: names, printed text, tensors) and
// is refused when the construct's statement runs; what Python refuses runs
// nothing, with Python's SyntaxError text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Tensor } from 'tensorcast';
import { tc } from './helpers.js';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/refused/refused.json', import.meta.url), 'utf8'));

test(`each of ${fixture.cases.length} constructs against Python's verdict (${fixture.derivation})`, () => {
  for (const c of fixture.cases) {
    const p = tc.run(c.source);
    try {
      if (c.python !== 'compiles') {
        assert.equal(p.error?.kind, 'syntax', c.source);
        assert.equal(p.error.pythonType, c.python, c.source);
        assert.ok(p.error.message.startsWith(c.message), `${c.source}: ${p.error.message}`);
        assert.equal(p.error.line, c.line, c.source);
        assert.deepEqual(p.statements, [], c.source);
        continue;
      }
      assert.equal(p.printed, 'tensor([1., 1.])\n', c.source);
      assert.ok(p.get('x') instanceof Tensor, c.source);
      if (c.line === 0) {
        assert.equal(p.error, null, c.source);
        continue;
      }
      assert.equal(p.error?.kind, 'unsupported', `${c.source}: ${p.error?.message}`);
      assert.equal(p.error.pythonType, 'NotImplementedError', c.source);
      assert.equal(p.error.line, c.line, c.source);
      assert.equal(p.get('y'), undefined, c.source);
    } finally {
      p.dispose();
    }
  }
});

test('the issue: a class on line 5 stops the program there, lines 1-4 keep their results', () => {
  const p = tc.run('import torch\nx = torch.ones(2, 3)\nd = x.sum(0)\nprint(d)\nclass Net:\n    pass\ny = d * 2\n');
  try {
    assert.equal(p.ok, false);
    assert.equal(p.error.kind, 'unsupported');
    assert.equal(p.error.line, 5);
    assert.equal(p.error.message, "classes are not supported: tensorcast's programs define functions with `def`");
    assert.deepEqual(p.statements.map((s) => s.line), [1, 2, 3, 4, 5]);
    assert.equal(p.statements[4].source, 'class Net:');
    assert.equal(p.printed, 'tensor([2., 2., 2.])\n');
    assert.deepEqual(p.tensor('d').toArray(), [2, 2, 2]);
    assert.equal(p.statements[2].calls[0].op, 'Tensor.sum');
    assert.equal(p.get('y'), undefined);
  } finally {
    p.dispose();
  }
});
