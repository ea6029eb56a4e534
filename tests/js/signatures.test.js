// tc.run raises PyTorch 1.13's own error, word for word, for every function
// and method of the library called wrongly (src/lang/signature.h, Note
// [Signatures]): the calls of tests/js/fixtures/signatures/make_fixture.py
// and PyTorch's answers. known-differences.json lists the calls whose
// answer tensorcast does not give yet, each a gap to close: the test fails
// when one of them starts matching (take it off the list) and when any
// other call differs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from './helpers.js';

const DIR = new URL('fixtures/signatures/', import.meta.url);
const FIXTURE = JSON.parse(readFileSync(new URL('signatures.json', DIR), 'utf8'));
const KNOWN = new Set(JSON.parse(readFileSync(new URL('known-differences.json', DIR), 'utf8')).calls);

/** What tc.run says of the case's call: null when it runs, else its error. */
function answer(c) {
  const p = tc.run(FIXTURE.prelude + 'y = ' + c.call);
  try {
    return p.error === null ? null : { type: p.error.pythonType, message: p.error.message, line: p.error.line };
  } finally {
    p.dispose();
  }
}

function same(got, want) {
  if (want === null || got === null) return want === got;
  return got.type === want.type && got.message === want.message && got.line === want.line;
}

test("every wrong call of every function and method raises PyTorch's text (but the known differences)", () => {
  assert.ok(FIXTURE.cases.length > 4000);
  const differ = [];
  const nowMatch = [];
  for (const c of FIXTURE.cases) {
    const ok = same(answer(c), c.error);
    if (!ok && !KNOWN.has(c.call)) differ.push(c.call);
    if (ok && KNOWN.has(c.call)) nowMatch.push(c.call);
  }
  assert.deepEqual(differ, [], 'calls that differ from PyTorch and are not known differences');
  assert.deepEqual(nowMatch, [], 'known differences that now match PyTorch: take them off the list');
});

test('the examples of the binder: a lone listed signature, the !marks!, the named-dim listing, CPython', () => {
  const byCall = new Map(FIXTURE.cases.map((c) => [c.call, c]));
  for (const call of ["x.add('a', 'b', 'c', 'd')", "torch.pow(x, 'a', 'b', 'c')", 'torch.manual_seed()',
    "x.logsumexp('a')", 'x.abs(None)', 'torch.sum(x, dim=0, keepdim=1, dtype=2)']) {
    const c = byCall.get(call);
    assert.ok(c !== undefined, call);
    assert.ok(!KNOWN.has(call), call);
    assert.deepEqual(answer(c), c.error, call);
  }
  assert.match(byCall.get("torch.pow(x, 'a', 'b', 'c')").error.message,
    /didn't match because some of the arguments have invalid types: \(Tensor, !str!, !str!, !str!\)/);
});
