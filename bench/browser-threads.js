// Threads in a browser, where tfjs's threaded build can run: Debian's
// Chromium opens bench/browser-threads.html from a server that sends COOP
// and COEP (the headers README's "Threads" asks a site for), so the page is
// cross-origin isolated. It times a few of the bench's rows on tensorcast
// on 1 thread and on N, and on tfjs's wasm backend on 1 thread (its SIMD
// build) and on N (its threaded SIMD build): one page per tfjs build,
// since tfjs picks its build once. Interleaved samples, medians, no cache
// flush (unlike bench/run.js: calls back to back). Measured, never asserted.
//
//   node bench/browser-threads.js [--threads N (2)]
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROME } from './preview.js';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
// Only what the page loads: the package, tfjs's bundles and .wasm, the page and the timing loop.
const SERVED = ['/dist/', '/node_modules/@tensorflow/', '/bench/browser-', '/bench/measure.js'];
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

const argv = process.argv.slice(2);
const threads = argv[0] === '--threads' ? Number(argv[1]) : 2;
if (!(Number.isInteger(threads) && threads >= 2)) throw new Error('usage: node bench/browser-threads.js [--threads N (at least 2)]');

const server = createServer(async (req, res) => {
  const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  const file = path.resolve(ROOT, `.${name}`);
  const type = TYPES[path.extname(file)];
  if (!SERVED.some((p) => name.startsWith(p)) || !file.startsWith(ROOT + path.sep) || type === undefined) {
    res.writeHead(404).end();
    return;
  }
  try {
    const body = await readFile(file);
    res.writeHead(200, { ...ISOLATED, 'Content-Type': type, 'Content-Length': body.length }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const loadBefore = loadavg()[0];
const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
async function run(query) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${origin}/bench/browser-threads.html?${query}`);
  const done = await page.waitForFunction(() => window.benchResult, null, { timeout: 600_000, polling: 500 }).catch((e) => {
    throw new Error(`the page did not finish: ${errors.join('; ') || e.message}`);
  });
  const result = await done.jsonValue();
  await page.close();
  if (!result.crossOriginIsolated) throw new Error('the page is not cross-origin isolated');
  return result;
}
let one;
let many;
try {
  one = await run(`tfjs=1&tc=${threads}`);
  many = await run(`tfjs=${threads}`);
} finally {
  await browser.close();
  server.closeAllConnections();
  server.close();
}

const ms = (x) => (x >= 10 ? x.toFixed(1) : x.toFixed(2));
console.log(`Chromium (${CHROME}), cross-origin isolated; tensorcast on 1 thread and on ${one.tcThreads}; ` +
  `tfjs ${one.tfjsBackend} on its SIMD build and on its threaded SIMD build after setThreadsCount(${threads}) ` +
  `(its getThreadsCount() then says ${many.tfjsThreads}); ` +
  `load average (1 min) ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after; medians of 15, ms per call`);
console.log(['workload', 'tc 1', `tc ${one.tcThreads}`, 'tfjs SIMD', 'tfjs threaded', 'tc 1/N', 'tfjs SIMD/threaded', 'tc N / tfjs threaded'].join(' | '));
for (const row of one.rows) {
  const m = row.median;
  const tfjsN = many.rows.find((r) => r.id === row.id).median.tfjs;
  console.log([row.title, ms(m.tc1), ms(m.tcN), ms(m.tfjs), ms(tfjsN), (m.tc1 / m.tcN).toFixed(2), (m.tfjs / tfjsN).toFixed(2), (m.tcN / tfjsN).toFixed(2)].join(' | '));
}
