// What Chromium compiles on the page's thread while the playground's first
// render runs (Note [Compiled on first call], src/for_size.h): the page is
// loaded as `npm start` serves it, with a trace of V8's `v8.wasm` category,
// and every `wasm.CompileLazy` event until the first diagram is drawn is
// counted: how many functions, their bytes in the .wasm and the time taken.
// Measured, never asserted; unthrottled, so a phone takes about 4 times as
// long (Lighthouse's slower CPU). Prints the median over the runs, and the
// largest functions compiled: by index, or by name when the page's module
// was linked with --profiling-funcs (bench/notes.md, "The first render on a
// phone", says how). Also the time from navigation to the first diagram
// drawn; with --slow, under DevTools' throttling as Lighthouse applies it for
// a phone on slow 4G (562.5 ms round trip, 1,474.56 kbit/s down, 675 up,
// the CPU 4 times slower), where the .wasm's download is most of it.
//
//   node bench/first-calls.js [--runs N (5)] [--slow] [ROOT ...]
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
  const opts = { runs: 5, slow: false, roots: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--runs') opts.runs = Number(argv[++i]);
    else if (a === '--slow') opts.slow = true;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.roots.push(path.resolve(a));
  }
  if (!(Number.isInteger(opts.runs) && opts.runs > 0)) throw new Error('--runs needs a positive whole number');
  if (opts.roots.length === 0) opts.roots.push(HERE);
  return opts;
}

/** The module the page's first screen loads: the one without programs where the build has it (Note [Two cores on the page]), else the SIMD one. */
function pageModule(root) {
  const dir = path.join(root, 'web/dist/assets');
  const files = readdirSync(dir);
  const name = files.find((f) => /^tensorcast-noprograms-[\w-]+\.wasm$/.test(f)) ?? files.find((f) => /^tensorcast-(?!nosimd|threads|noprograms)[\w-]+\.wasm$/.test(f));
  if (name === undefined) throw new Error(`${dir}: no tensorcast-*.wasm`);
  return readFileSync(path.join(dir, name));
}

async function once(browser, url, slow) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (slow) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await browser.startTracing(page, { categories: ['v8.wasm'] });
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('tensorcast-playground')?.shadowRoot?.querySelector('[data-testid="diagram"] svg'), null, { timeout: 120_000 });
  // From the navigation's start (the page's clock), as soon as the diagram is found.
  const diagramMs = await page.evaluate(() => performance.now());
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  await context.close();
  const events = (trace.traceEvents ?? trace).filter((e) => e.name === 'wasm.CompileLazy' && e.ph === 'X');
  return { diagramMs, events: events.map((e) => ({ index: e.args.func_index, ms: e.dur / 1000 })) };
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
  for (let i = 0; i < opts.runs; i++) for (const s of servers) s.runs.push(await once(browser, s.url, opts.slow));
} finally {
  await browser.close();
  for (const s of servers) s.stop?.();
}
console.log(`load average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
for (const { root, sizes, names, runs: timed } of servers) {
  const runs = timed.map((r) => r.events);
  const bytes = (run) => run.reduce((sum, e) => sum + sizes[e.index], 0);
  const ms = runs.map((run) => run.reduce((sum, e) => sum + e.ms, 0));
  const diagram = timed.map((r) => r.diagramMs);
  console.log(`\n${root}  (median of ${runs.length} runs${opts.slow ? ', slow 4G and the CPU 4x slower' : ''})`);
  console.log(`  the first diagram: ${Math.round(median(diagram))} ms after navigation   runs: ${diagram.map((m) => Math.round(m)).join(', ')}`);
  console.log(`  functions compiled on first call: ${median(runs.map((r) => r.length))}, ${Math.round(median(runs.map(bytes)) / 1024)} KiB of code`);
  console.log(`  time compiling: ${median(ms).toFixed(1)} ms   runs: ${ms.map((m) => m.toFixed(1)).join(', ')}`);
  const largest = [...new Map(runs.at(-1).map((e) => [e.index, e])).values()].sort((a, b) => sizes[b.index] - sizes[a.index]).slice(0, names.size > 0 ? 20 : 8);
  console.log('  largest (the last run):');
  for (const e of largest) console.log(`    ${(sizes[e.index] / 1024).toFixed(1).padStart(5)} KiB ${e.ms.toFixed(2).padStart(5)} ms  ${(names.get(e.index) ?? `#${e.index}`).slice(0, 110)}`);
}
