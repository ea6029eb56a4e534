// The README's bench block is what bench/readme.js makes from the committed run.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { BEGIN, END, block, paths, rewrite } from './readme.js';

test("README.md's bench block is made from bench/results/latest.json", () => {
  const { readme, latest } = paths();
  const text = readFileSync(readme, 'utf8');
  assert.equal(text, rewrite(text, JSON.parse(readFileSync(latest, 'utf8'))), 'run node bench/readme.js');
});

test('a run with other numbers makes another block, so the check can fail', () => {
  const { latest } = paths();
  const report = JSON.parse(readFileSync(latest, 'utf8'));
  const changed = structuredClone(report);
  changed.machine.load.before[0] += 1;
  assert.notEqual(block(changed), block(report));
  const readme = `a\n${BEGIN}\n${block(report)}\n${END}\nb\n`;
  assert.notEqual(rewrite(readme, changed), readme);
  assert.equal(rewrite(readme, report), readme);
  assert.throws(() => rewrite('no markers', report), /no block/);
});
