// npm run bench: times every workload (workloads.js), prints the table and
// writes bench/results/latest.json. It benchmarks the package as built in
// dist/ (npm run build); it builds nothing itself, so that a run measures
// exactly what is there and never competes with a build for the 2 cores.
//
//   node bench/run.js [--tiny] [--reps N] [--warmup N] [--only id,id] [--out file] [--values]
// (bench/show.js prints a saved run again, also as Markdown.)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { ROOT, runBench } from './harness.js';
import { toJson } from './json.js';
import { formatText } from './table.js';

const { values: args } = parseArgs({
  options: {
    tiny: { type: 'boolean', default: false },
    reps: { type: 'string' },
    warmup: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    values: { type: 'boolean', default: false },
  },
});

function count(text, fallback, name) {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || (name === 'reps' && n === 0))
    throw new Error(`--${name} must be a ${name === 'reps' ? 'positive' : 'non-negative'} integer, not '${text}'`);
  return n;
}

const report = await runBench({
  size: args.tiny ? 'tiny' : 'full',
  reps: count(args.reps, 21, 'reps'),
  warmup: count(args.warmup, 3, 'warmup'),
  only: args.only?.split(','),
  keepValues: args.values,
  log: (line) => process.stderr.write(`${line}\n`),
});

// A tiny run is a check of the harness, not a result: it never replaces latest.json.
const out = args.out ?? path.join(ROOT, 'bench', 'results', args.tiny ? 'tiny.json' : 'latest.json');
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${toJson(report)}\n`);
console.log(formatText(report));
console.log(`\nwritten to ${path.relative(process.cwd(), out)}`);
