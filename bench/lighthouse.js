// npm run lighthouse: Lighthouse 12's mobile run (its default: a mid-range
// phone, simulated slow 4G and 4x slower CPU) against the playground as
// `npm start` serves it (web/dist through `vite preview`, with the strict
// CSP), in Debian's Chromium. Prints the median over the runs of each
// category's score and of the page-load metrics. Measured, never asserted.
//
//   node bench/lighthouse.js [--runs N (5)] [--json FILE] [ROOT ...]
//
// ROOT: checkouts to measure side by side (default: this one), each served
// from its own web/dist by its own vite.config.ts; the runs alternate
// between them, so a busy machine slows every build alike.
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.js';
import { buildIfNeeded, CHROME, lighthouse, startPreview } from './preview.js';

const HERE = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['FCP', 'first-contentful-paint', 'ms'],
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
  ['SI', 'speed-index', 'ms'],
];

function parseArgs(argv) {
  const opts = { runs: 5, json: null, roots: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') opts.runs = Number(argv[++i]);
    else if (a === '--json') opts.json = argv[++i];
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.roots.push(path.resolve(a));
  }
  if (!(Number.isInteger(opts.runs) && opts.runs > 0)) throw new Error('--runs needs a positive whole number');
  if (opts.roots.length === 0) opts.roots.push(HERE);
  return opts;
}

function lighthouseRun(url) {
  const report = JSON.parse(lighthouse(url, ['--output-path=stdout', `--only-categories=${CATEGORIES.join(',')}`]));
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  const run = {};
  for (const c of CATEGORIES) run[c] = Math.round((report.categories[c]?.score ?? NaN) * 100);
  for (const [name, id] of METRICS) run[name] = report.audits[id]?.numericValue ?? NaN;
  run.bytes = report.audits['total-byte-weight']?.numericValue ?? NaN;
  run.lcpElement = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '';
  return run;
}

const pad = (s, n) => String(s).padStart(n);

function show(name, runs) {
  console.log(`\n${name}  (median of ${runs.length} runs)`);
  console.log(`  ${CATEGORIES.map((c) => `${c} ${median(runs.map((r) => r[c]))}`).join('   ')}`);
  for (const [label, , unit] of METRICS) {
    const all = runs.map((r) => r[label]);
    const fmt = (x) => (unit === 'ms' ? `${Math.round(x)} ms` : x.toFixed(3));
    console.log(`  ${label.padEnd(4)} ${pad(fmt(median(all)), 9)}   runs: ${all.map(fmt).join(', ')}`);
  }
  console.log(`  bytes ${pad(Math.round(median(runs.map((r) => r.bytes)) / 1024), 5)} KiB transferred`);
  console.log(`  LCP element: ${runs.at(-1).lcpElement || '(none reported)'}`);
}

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(CHROME)) throw new Error(`${CHROME} is missing: run scripts/setup.sh`);
for (const root of opts.roots) buildIfNeeded(root);
const servers = [];
// Lighthouse scales the CPU time it sees by 4: other work on the machine shows up in TBT.
const loadBefore = loadavg()[0];
try {
  for (const root of opts.roots) servers.push({ root, ...(await startPreview(root)), runs: [] });
  for (let i = 0; i < opts.runs; i++) {
    for (const s of servers) {
      const run = lighthouseRun(s.url);
      s.runs.push(run);
      console.log(`run ${i + 1}/${opts.runs} ${s.root}: performance ${run.performance}, LCP ${Math.round(run.LCP)} ms, TBT ${Math.round(run.TBT)} ms`);
    }
  }
} finally {
  for (const s of servers) s.stop?.();
}
console.log(`\nload average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
for (const s of servers) show(s.root, s.runs);
if (opts.json !== null) writeFileSync(opts.json, JSON.stringify(servers.map(({ root, runs }) => ({ root, runs })), null, 2));
