// Prints a saved run again, as text or as the README's Markdown table:
//   node bench/show.js [bench/results/latest.json] [--markdown]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ROOT } from './harness.js';
import { formatMarkdown, formatText, heading } from './table.js';

const { values, positionals } = parseArgs({ options: { markdown: { type: 'boolean', default: false } }, allowPositionals: true });
const file = positionals[0] ?? path.join(ROOT, 'bench', 'results', 'latest.json');
const report = JSON.parse(readFileSync(file, 'utf8'));
console.log(values.markdown ? `${heading(report)}\n\n${formatMarkdown(report)}` : formatText(report));
