// tc.run binds a call's arguments as PyTorch 1.13's python_arg_parser does
// (src/lang/signature.h, Note [Signatures]): which overload a call takes,
// and the TypeError PyTorch raises when none fits, counting the parameters
// tensorcast leaves out (out=, layout=, ...). The expected texts are
// PyTorch's, from tests/js/fixtures/binder-errors/make_fixture.py, without
// the lines docs/program-library.md leaves out, or tensorcast's own where
// the fixture names a departure.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from './helpers.js';

const FIXTURE = JSON.parse(readFileSync(new URL('fixtures/binder-errors/binder-errors.json', import.meta.url), 'utf8'));

test("each call binds as PyTorch's would, or raises PyTorch's text (torch.round(x, [0]) included)", () => {
  assert.ok(FIXTURE.cases.length >= 150);
  for (const c of FIXTURE.cases) {
    const p = tc.run(c.code);
    try {
      if (c.expected === null) {
        assert.equal(p.error, null, `${c.call}: ${p.error?.message}`);
        continue;
      }
      assert.ok(p.error !== null, c.call);
      assert.equal(p.error.pythonType, c.expected.type, c.call);
      assert.equal(p.error.message, c.expected.message, c.call);
      assert.equal(p.error.line, c.expected.line, c.call);
    } finally {
      p.dispose();
    }
  }
});

test('the garbled count of the report: round() with a list names both overloads, as PyTorch does', () => {
  const c = FIXTURE.cases.find((k) => k.call === 'torch.round(x, [0])');
  assert.equal(c.departure, undefined);
  assert.match(c.expected.message, /^round\(\) received an invalid combination of arguments - got \(Tensor, list\)/);
});
