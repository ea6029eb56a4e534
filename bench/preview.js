// The playground as `npm start` serves it, for the measurements of a page
// load (bench/lighthouse.js, bench/first-calls.js, bench/long-tasks.js):
// web/dist built when it is missing or older than its sources, served by the
// checkout's own `vite preview` (its config: the strict CSP, the precompressed
// files), and Lighthouse's mobile run of it in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port.js';

const HERE = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

function newest(dir) {
  if (!existsSync(dir)) return 0;
  const s = statSync(dir);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(s.mtimeMs, ...readdirSync(dir).map((n) => newest(path.join(dir, n))));
}

/** As scripts/start.sh does: builds `root`'s web/dist when it is missing or older than its sources. */
export function buildIfNeeded(root) {
  const index = path.join(root, 'web/dist/index.html');
  const sources = ['web/src', 'web/public', 'web/index.html', 'web/page.css', 'web/vite.config.ts', 'dist'];
  if (existsSync(index) && Math.max(...sources.map((s) => newest(path.join(root, s)))) <= statSync(index).mtimeMs) return;
  if (!existsSync(path.join(root, 'dist/index.js'))) throw new Error(`${root}: the npm package (dist/) is not built: run npm run build`);
  console.log(`building the playground in ${root}`);
  const vite = path.join(HERE, 'node_modules/.bin/vite');
  const r = spawnSync(vite, ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`vite build failed in ${root}`);
}

/** Serves `root`'s web/dist on a free port: { url, stop }. */
export async function startPreview(root) {
  const port = await freePort();
  // This checkout's Vite, so that an older checkout is served as its own config says.
  const vite = existsSync(path.join(root, 'node_modules/.bin/vite')) ? path.join(root, 'node_modules/.bin/vite') : path.join(HERE, 'node_modules/.bin/vite');
  const child = spawn(vite, ['preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: root,
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`vite preview exited (${child.exitCode}) in ${root}`);
    try {
      if ((await fetch(url)).ok) return { url, stop: () => child.kill() };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`vite preview did not answer at ${url}`);
}

/** Debian's Chromium, which Lighthouse drives. */
export const CHROME = '/usr/bin/chromium';

/** One Lighthouse mobile run (its default: a mid-range phone, slow 4G, the CPU 4x slower) of url, with more arguments (the output path, the categories): what it printed. */
export function lighthouse(url, args) {
  const r = spawnSync(
    path.join(HERE, 'node_modules/.bin/lighthouse'),
    [url, '--output=json', '--quiet', '--chrome-flags=--headless=new --no-sandbox', ...args],
    { env: { ...process.env, CHROME_PATH: CHROME }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(`lighthouse failed on ${url}:\n${r.stderr}`);
  return r.stdout;
}
