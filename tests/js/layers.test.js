// The core (src/ outside src/lang) never includes the language layer
// (src/lang): the interpreter is built on the core, not the other way
// round. What both read, the lexer and the subscript grammar, lives in the
// core (src/syntax).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);

/** The includes of the language layer in a C++ text, as "line: text". */
export function languageIncludes(text) {
  return text
    .split('\n')
    .map((line, i) => [i + 1, line])
    .filter(([, line]) => /^\s*#\s*include\s*[<"](\.\.\/)*(src\/)?lang\//.test(line))
    .map(([n, line]) => `${n}: ${line.trim()}`);
}

test('the include matcher finds the language layer however it is spelt', () => {
  assert.deepEqual(languageIncludes('#include "lang/value.h"'), ['1: #include "lang/value.h"']);
  assert.deepEqual(languageIncludes('x\n  #  include <lang/run.h>'), ['2: #  include <lang/run.h>']);
  assert.deepEqual(languageIncludes('#include "../lang/ast.h"'), ['1: #include "../lang/ast.h"']);
  assert.deepEqual(languageIncludes('#include "syntax/lexer.h"\n// see lang/parser.h'), []);
});

test('no file of the core includes a header of src/lang', () => {
  const files = execFileSync('git', ['ls-files', 'src'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(cpp|h)$/.test(f) && !f.startsWith('src/lang/'));
  assert.ok(files.includes('src/ops/indexing.cpp'), 'the core is listed');
  const found = files.flatMap((f) => languageIncludes(readFileSync(new URL(f, ROOT), 'utf8')).map((l) => `${f}:${l}`));
  assert.deepEqual(found, []);
});
