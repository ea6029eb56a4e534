// Random programs against PyTorch 1.13 (fixtures/random/make_fixture.py):
// what each prints and the error that stops it (type, text, line), exactly.
// known-differences.json lists the programs that differ today, each with
// why; a listed program that starts to match fails the test too, so that
// the list only shrinks.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from './helpers.js';

const HERE = new URL('fixtures/random/', import.meta.url);
const programs = JSON.parse(readFileSync(new URL('programs.json', HERE), 'utf8'));
const known = JSON.parse(readFileSync(new URL('known-differences.json', HERE), 'utf8'));

function differs(c) {
  const p = tc.run(c.code);
  try {
    const error = p.error === null ? null : { line: p.error.line, type: p.error.pythonType, message: p.error.message };
    if (p.printed !== c.printed) return `printed ${JSON.stringify(p.printed.slice(0, 200))}`;
    if (JSON.stringify(error) !== JSON.stringify(c.error)) return `error ${JSON.stringify(error)}`;
    return null;
  } finally {
    p.dispose();
  }
}

test(`${programs.length} random programs print and fail as PyTorch 1.13 does`, () => {
  const unexpected = [];
  const nowMatching = [];
  for (const c of programs) {
    const why = differs(c);
    if (why !== null && !(c.id in known)) unexpected.push(`${c.id}: ${why}\n${c.code}`);
    if (why === null && c.id in known) nowMatching.push(c.id);
  }
  assert.deepEqual(unexpected, [], 'programs that differ from PyTorch');
  assert.deepEqual(nowMatching, [], 'listed in known-differences.json but matching now: remove them');
});
