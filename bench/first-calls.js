// What Chromium compiles on the page's thread while the playground's first
// render runs (Note [Compiled on first call], src/for_size.h): the page is
// loaded as `npm start` serves it, with a trace of V8's `v8.wasm` category,
// and every `wasm.CompileLazy` event until the first diagram is drawn is
// counted: how many functions, their bytes in the .wasm and the time taken.
// Measured, never asserted; unthrottled, so a phone takes about 4 times as
// long (Lighthouse's slower CPU). Prints the median over the runs, and the
// largest functions compiled: by index, or by name when the page's module
// was linked with --profiling-funcs (bench/notes.md, "The first render on a
// phone", says how).
//
//   node bench/first-calls.js [--runs N (5)] [ROOT ...]
//
// ROOT: checkouts to measure side by side (default: this one); runs alternate.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { median } from './measure.js';
import { buildIfNeeded, startPreview } from './preview.js';
import { functionNames, functionSizes } from './wasm-sizes.js';

const HERE = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

function parseArgs(argv) {
  const opts = { runs: 5, roots: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') opts.runs = Number(argv[++i]);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.roots.push(path.resolve(a));
  }
  if (!(Number.isInteger(opts.runs) && opts.runs > 0)) throw new Error('--runs needs a positive whole number');
  if (opts.roots.length === 0) opts.roots.push(HERE);
  return opts;
}

/** The SIMD module the page loads (web/dist/assets/tensorcast-*.wasm). */
function pageModule(root) {
  const dir = path.join(root, 'web/dist/assets');
  const name = readdirSync(dir).find((f) => /^tensorcast-(?!nosimd|threads)[\w-]+\.wasm$/.test(f));
  if (name === undefined) throw new Error(`${dir}: no tensorcast-*.wasm`);
  return readFileSync(path.join(dir, name));
}

async function once(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['v8.wasm'] });
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('tensorcast-playground')?.shadowRoot?.querySelector('[data-testid="diagram"] svg'), null, { timeout: 60_000 });
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  await context.close();
  const events = (trace.traceEvents ?? trace).filter((e) => e.name === 'wasm.CompileLazy' && e.ph === 'X');
  return events.map((e) => ({ index: e.args.func_index, ms: e.dur / 1000 }));
}

/** The names demangled by c++filt (binutils), where it is installed. */
function demangled(names) {
  if (names.size === 0) return names;
  const r = spawnSync('c++filt', { input: [...names.values()].join('\n'), encoding: 'utf8' });
  if (r.status !== 0) return names;
  const lines = r.stdout.split('\n');
  return new Map([...names.keys()].map((index, i) => [index, lines[i]]));
}

const opts = parseArgs(process.argv.slice(2));
for (const root of opts.roots) buildIfNeeded(root);
const loadBefore = loadavg()[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const servers = [];
try {
  for (const root of opts.roots) {
    const bytes = pageModule(root);
    servers.push({ root, sizes: functionSizes(bytes), names: demangled(functionNames(bytes)), ...(await startPreview(root)), runs: [] });
  }
  for (let i = 0; i < opts.runs; i++) for (const s of servers) s.runs.push(await once(browser, s.url));
} finally {
  await browser.close();
  for (const s of servers) s.stop?.();
}
console.log(`load average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
for (const { root, sizes, names, runs } of servers) {
  const bytes = (run) => run.reduce((sum, e) => sum + sizes[e.index], 0);
  const ms = runs.map((run) => run.reduce((sum, e) => sum + e.ms, 0));
  console.log(`\n${root}  (median of ${runs.length} runs)`);
  console.log(`  functions compiled on first call: ${median(runs.map((r) => r.length))}, ${Math.round(median(runs.map(bytes)) / 1024)} KiB of code`);
  console.log(`  time compiling: ${median(ms).toFixed(1)} ms   runs: ${ms.map((m) => m.toFixed(1)).join(', ')}`);
  const largest = [...new Map(runs.at(-1).map((e) => [e.index, e])).values()].sort((a, b) => sizes[b.index] - sizes[a.index]).slice(0, names.size > 0 ? 20 : 8);
  console.log('  largest (the last run):');
  for (const e of largest) console.log(`    ${(sizes[e.index] / 1024).toFixed(1).padStart(5)} KiB ${e.ms.toFixed(2).padStart(5)} ms  ${(names.get(e.index) ?? `#${e.index}`).slice(0, 110)}`);
}
