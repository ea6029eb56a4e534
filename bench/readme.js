// The README's table of the latest run, made from bench/results/latest.json and
// never written by hand: it rewrites what lies between the two markers below in
// README.md (the run's machine and load average before and after, then the
// table as bench/show.js --markdown prints it). bench/readme.test.js fails when
// the README's block differs from what this makes from the committed run.
//
//   node bench/readme.js [--check]     (--check: exit 1 when the README differs)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { formatMarkdown, heading } from './table.js';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const BEGIN = '<!-- bench/readme.js: from bench/results/latest.json, do not edit -->';
export const END = '<!-- end of bench/readme.js -->';

/** The block for a run: what sits between the markers. */
export function block(report) {
  return `The latest run (\`bench/results/latest.json\`): ${heading(report)}.\n\n${formatMarkdown(report)}`;
}

/** The README with its block made from the run; throws when the markers are missing. */
export function rewrite(readme, report) {
  const from = readme.indexOf(BEGIN);
  const to = readme.indexOf(END);
  if (from < 0 || to < from) throw new Error(`README.md has no block between '${BEGIN}' and '${END}'`);
  return `${readme.slice(0, from + BEGIN.length)}\n${block(report)}\n${readme.slice(to)}`;
}

export function paths(root = ROOT) {
  return { readme: path.join(root, 'README.md'), latest: path.join(root, 'bench', 'results', 'latest.json') };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { readme, latest } = paths();
  const before = readFileSync(readme, 'utf8');
  const after = rewrite(before, JSON.parse(readFileSync(latest, 'utf8')));
  if (process.argv.includes('--check')) {
    if (before !== after) {
      console.error('README.md: the bench block differs from bench/results/latest.json: run node bench/readme.js');
      process.exit(1);
    }
  } else if (before !== after) {
    writeFileSync(readme, after);
    console.log('README.md: the bench block rewritten from bench/results/latest.json');
  }
}
