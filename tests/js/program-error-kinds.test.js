// Every kind a program's error can have, as docs/programs.md's "Error kinds"
// table lists them: the table's kinds are the declared ones (Note [Error
// kinds]: ProgramErrorKind of bindings/ts/generated/error-kinds.ts), in
// their order; each example of the table run (so the table is what the
// interpreter does), and README's list of kinds the same set.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { tc } from './helpers.js';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const PRELUDE = 'import torch\nx = torch.ones(2)\n';

/** The table's rows: { kind, pythonTypes, examples }. */
function table() {
  const doc = read('docs/programs.md');
  const section = doc.slice(doc.indexOf('### Error kinds'));
  const rows = section.split('\n').filter((line) => /^\| `[a-z_]+` \|/.test(line));
  return rows.map((row) => {
    const cells = row.split(' | ');
    const code = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    return { kind: code(cells[0])[0], pythonTypes: code(cells[2]), examples: code(cells[3]) };
  });
}

// A list of bindings/ts/generated/error-kinds.ts: 'PROGRAM_ERROR_KINDS' -> its values.
function declared(list) {
  const m = new RegExp(`export const ${list} = \\[([^\\]]*)\\] as const;`).exec(read('bindings/ts/generated/error-kinds.ts'));
  assert.ok(m, list);
  return [...m[1].matchAll(/'([^']*)'/g)].map((v) => v[1]);
}

test("docs/programs.md's error kinds are the declared ProgramErrorKind, in its order", () => {
  assert.deepEqual(table().map((r) => r.kind), declared('PROGRAM_ERROR_KINDS'));
  // The package's kinds and a program's share the core's and 'internal'.
  const pkg = declared('ERROR_KINDS');
  for (const kind of ['shape', 'index', 'value', 'type', 'memory', 'autograd', 'policy', 'limit', 'internal'])
    assert.ok(pkg.includes(kind) && declared('PROGRAM_ERROR_KINDS').includes(kind), kind);
});

test("docs/programs.md's error kinds: each example raises its row's kind and one of its exceptions", () => {
  const rows = table();
  assert.ok(rows.length >= 17, `${rows.length} rows`);
  for (const { kind, pythonTypes, examples } of rows) {
    if (kind === 'internal') {
      assert.deepEqual(examples, [], 'a bug has no example');
      continue;
    }
    assert.ok(examples.length > 0, kind);
    for (const example of examples) {
      const run = () => tc.run(PRELUDE + example);
      const p = kind === 'policy' ? tc.withBroadcastPolicy('raise', run) : run();
      try {
        assert.ok(p.error !== null, `${example} ran`);
        assert.equal(p.error.kind, kind, `${example}: ${p.error.message}`);
        assert.ok(pythonTypes.includes(p.error.pythonType), `${example}: ${p.error.pythonType}`);
      } finally {
        p.dispose();
      }
    }
  }
});

test("README's list of error kinds is the table's, 'overflow' included", () => {
  const readme = read('README.md');
  const start = readme.indexOf('- **Errors** (`p.error.kind`');
  assert.ok(start >= 0);
  const bullet = readme.slice(start, readme.indexOf('\n- **', start + 1));
  const listed = new Set([...bullet.matchAll(/`'([a-z_]+)'`/g)].map((m) => m[1]));
  assert.deepEqual([...listed].sort(), table().map((r) => r.kind).sort());
});

test('the declared kinds are every kind the sources can make: ErrorKind, each Python exception raised, the reader\'s', () => {
  const kinds = new Set();
  const errorKind = /enum class ErrorKind \{([^}]*)\}/.exec(read('src/error.h'))[1];
  for (const name of errorKind.split(',')) kinds.add(name.trim().toLowerCase());
  const lang = readdirSync(new URL('../../src/lang/', import.meta.url)).filter((name) => name.endsWith('.cpp'))
    .map((name) => read(`src/lang/${name}`)).join('\n');
  // kind_of_python: "ZeroDivisionError" -> "zero_division"; a RecursionError is a limit,
  // an UnboundLocalError a NameError (its base class)
  const special = { Recursion: 'limit', UnboundLocal: 'name' };
  for (const [, base] of lang.matchAll(/PythonError\("([A-Za-z]+)Error"/g))
    kinds.add(special[base] ?? base.replace(/(?<=.)([A-Z])/g, '_$1').toLowerCase());
  // the reader's and run.cpp's own: fail_at(span, message, "kind", "SyntaxError"), error.kind = "kind"
  for (const [, kind] of lang.matchAll(/"([a-z_]+)",\s*"[A-Z][A-Za-z]*Error"\)/g)) kinds.add(kind);
  for (const [, kind] of lang.matchAll(/\.kind = "([a-z_]+)"/g)) kinds.add(kind);
  assert.ok(kinds.has('overflow') && kinds.has('syntax') && kinds.has('internal'), [...kinds].join(' '));
  assert.deepEqual([...kinds].sort(), [...declared('PROGRAM_ERROR_KINDS')].sort());
});
