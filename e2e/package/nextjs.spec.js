// The installed package in a Next.js app (app router, Next from npm:
// tests/bundlers): a server component computing the worked examples at each
// request and a client component computing them in the browser
// (e2e/package/next-app), with the package README's next.config as written.
// `next build && next start` and `next dev`; and without the config, the
// server component's init() names it.
import { spawn } from 'node:child_process';
import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from '../../scripts/free-port.js';
import { bundlersDir, freshProject, readmeRecipes, run } from './recipes.js';

// A build and a dev server's first compile, on a shared machine.
test.setTimeout(240_000);

let project;
let recipe;
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

test.beforeAll(async () => {
  project = await freshProject('tensorcast-next-', bundlersDir);
  recipe = readmeRecipes(project.readme).get('next');
  await cp(fileURLToPath(new URL('next-app', import.meta.url)), project.app, { recursive: true });
  await cp(fileURLToPath(new URL('app/examples.js', import.meta.url)), join(project.app, 'examples.js'));
});

test.afterAll(async () => {
  await rm(project.work, { recursive: true, force: true });
});

// What e2e/package/app/examples.js returns (docs/examples.md's worked examples).
const EXPECTED = {
  simd: true,
  c: [[2, 4, 6], [5, 7, 9]],
  error: { name: 'TensorcastError', kind: 'shape', message: 'The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 1' },
  aGrad: [1, 1, 1],
  bGrad: [3],
  product: [[3, 4], [6, 8]],
};

async function configure(withRecipe) {
  // Retried: a server's worker that outlives its group's SIGTERM by a moment can still be writing there.
  await rm(join(project.app, '.next'), { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  await rm(join(project.app, recipe.file), { force: true });
  if (withRecipe) await writeFile(join(project.app, recipe.file), recipe.text);
}

const next = (...args) => [join(project.app, 'node_modules/next/dist/bin/next'), ...args];

// Runs `next <command>` on a free port until fn is done; fn gets its URL.
async function serve(command, fn) {
  const port = await freePort();
  const child = spawn(process.execPath, next(command, '-p', String(port), '-H', '127.0.0.1'), { cwd: project.app, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toMatch(/Ready in/);
    return await fn(`http://127.0.0.1:${port}/`);
  } finally {
    // The group: `next dev` runs its server in a child process. Waited for,
    // so that the next test does not empty .next while it still writes there.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

// The page's two results: the server's (in the HTML) and the client's.
async function results(page, url) {
  await page.goto(url);
  await expect(page.locator('#client')).not.toHaveText('loading', { timeout: 120_000 });
  return { server: JSON.parse(await page.locator('#server').textContent()), client: JSON.parse(await page.locator('#client').textContent()) };
}

async function timed(label, fn) {
  const start = performance.now();
  const value = await fn();
  test.info().annotations.push({ type: 'time', description: `${label}: ${((performance.now() - start) / 1000).toFixed(1)} s` });
  return value;
}

test("next build && next start with the README's next.config: the server and the client component run the examples", async ({ page }) => {
  await configure(true);
  await timed('next build', () => run(process.execPath, next('build'), { cwd: project.app, env }));
  await serve('start', async (url) => {
    expect(await results(page, url)).toEqual({ server: EXPECTED, client: EXPECTED });
  });
});

test("next dev with the README's next.config: the server and the client component run the examples", async ({ page }) => {
  await configure(true);
  await serve('dev', (url) => timed('next dev, first page', async () => {
    expect(await results(page, url)).toEqual({ server: EXPECTED, client: EXPECTED });
  }));
});

test("without the README's next.config the server component's init() names serverExternalPackages; the client's works", async ({ page }) => {
  await configure(false);
  await run(process.execPath, next('build'), { cwd: project.app, env });
  await serve('start', async (url) => {
    const { server, client } = await results(page, url);
    expect(client).toEqual(EXPECTED);
    expect(server.failed).toMatch(
      /^TensorcastError: could not load the tensorcast wasm module: a bundler made its location \/_next\/static\/media\/tensorcast\.[\w-]+\.wasm, a path of a web server, which Node cannot read; Next\.js bundled tensorcast for the server: add serverExternalPackages: \['tensorcast'\] to next\.config\.js \(or \.mjs, \.ts\), so that the server loads tensorcast from node_modules\n/,
    );
  });
});
