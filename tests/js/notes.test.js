// Note [...] blocks, as PyTorch writes them: every note the code or the docs
// refer to is defined exactly once, in a comment that starts with
// "Note [Name]" (alone on its line, or followed by a colon or by its
// source in parentheses); everywhere
// else it is referred to ("See Note [Name]", "(Note [Name] in path)").
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);
const CODE = /\.(cpp|h|ts|js|mjs|py|sh)$/;

/** name -> places, for definitions and for references. */
function notes() {
  const listed = execFileSync('git', ['ls-files', 'src', 'bindings', 'web', 'tests', 'e2e', 'bench', 'scripts', 'docs', 'README.md'], { cwd: ROOT, encoding: 'utf8' });
  // this file names notes only as examples
  const files = listed.split('\n').filter((f) => (CODE.test(f) || f.endsWith('.md')) && f !== 'tests/js/notes.test.js');
  const defined = new Map();
  const referred = new Map();
  const add = (map, name, where) => map.set(name, [...(map.get(name) ?? []), where]);
  for (const file of files) {
    readFileSync(new URL(file, ROOT), 'utf8').split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/Note \[([^\]]+)\]/g)) {
        const at = `${file}:${i + 1}`;
        const header = new RegExp(`^\\s*(//|#|\\*)\\s*Note \\[${m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\](:|\\s+\\(|\\s*$)`);
        if (CODE.test(file) && header.test(line)) add(defined, m[1], at);
        else add(referred, m[1], at);
      }
    });
  }
  return { defined, referred };
}

test('every Note referred to is defined exactly once', () => {
  const { defined, referred } = notes();
  const twice = [...defined].filter(([, at]) => at.length > 1).map(([name, at]) => `Note [${name}]: ${at.join(', ')}`);
  assert.deepEqual(twice, [], 'defined more than once');
  const missing = [...referred].filter(([name]) => !defined.has(name)).map(([name, at]) => `Note [${name}]: ${at.slice(0, 3).join(', ')}`);
  assert.deepEqual(missing, [], 'referred to, never defined');
  assert.ok(defined.size > 40, `${defined.size} notes found`);
});

test('no comment, test name or doc names an issue number or a branch', () => {
  const listed = execFileSync('git', ['ls-files', 'src', 'bindings', 'web', 'tests', 'e2e', 'bench', 'scripts', 'docs', 'README.md'], { cwd: ROOT, encoding: 'utf8' });
  const found = [];
  for (const file of listed.split('\n').filter((f) => (CODE.test(f) || f.endsWith('.md')) && f !== 'tests/js/notes.test.js')) {
    readFileSync(new URL(file, ROOT), 'utf8').split('\n').forEach((line, i) => {
      // a worktree made to compare builds (bench/ab.js's /work/wt-old) is a path, not a branch
      if (/\bissues? #?\d+\b|\(#\d+\)|(?<![/\w])wt-[a-z]+/i.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 80)}`);
    });
  }
  assert.deepEqual(found, []);
});
