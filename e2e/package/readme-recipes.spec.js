// The package README's bundler recipes run as written, in a fresh project
// made from the packed tarball: its first example (top-level await init())
// as the app, each recipe's config file or shell commands as the README
// prints them, in Chromium. Vite 8 (the root's) with no config, Vite 7's
// dev server and Vite 6's build with the README's configs (and, without
// them, the failures the configs are there for), esbuild's commands.
// Next.js's recipe runs in nextjs.spec.js.
import { cp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { CONTENT_TYPES } from '../../web/content-types.ts';
import { bundlers, freshProject, readmeRecipes, root, run, visit } from './recipes.js';

let project;
let recipes;
// What the first example logs: x.grad.
const GRAD = 'tensor([1., 1., 1.])';
const INDEX = '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script type="module" src="/main.js"></script></body></html>\n';

test.beforeAll(async () => {
  project = await freshProject('tensorcast-recipes-');
  recipes = readmeRecipes(project.readme);
  const { app } = project;
  await writeFile(join(app, 'index.html'), INDEX);
  await writeFile(join(app, recipes.get('first-example').file), recipes.get('first-example').text);
  // The tools a user would have installed: esbuild for `npx esbuild`.
  await symlink(join(root, 'node_modules/esbuild'), join(app, 'node_modules/esbuild'));
  await symlink(join(root, 'node_modules/@esbuild'), join(app, 'node_modules/@esbuild'));
  await mkdir(join(app, 'node_modules/.bin'), { recursive: true });
  await symlink(join(root, 'node_modules/esbuild/bin/esbuild'), join(app, 'node_modules/.bin/esbuild'));
});

test.afterAll(async () => {
  await rm(project.work, { recursive: true, force: true });
});

// Installs this Vite as the project's `vite` (what its config imports) and
// returns its API, with a fresh pre-bundle cache and the config given
// (a recipe's text, or none).
async function useVite(dir, config) {
  const { app } = project;
  await rm(join(app, 'node_modules/vite'), { force: true });
  await symlink(dir, join(app, 'node_modules/vite'));
  await rm(join(app, 'node_modules/.vite'), { recursive: true, force: true });
  await rm(join(app, 'vite.config.js'), { force: true });
  if (config) await writeFile(join(app, config.file), config.text);
  return import(pathToFileURL(join(dir, 'dist/node/index.js')).href);
}

async function devServer(vite, page, port, check) {
  const server = await vite.createServer({ root: project.app, logLevel: 'silent', server: { host: '127.0.0.1', port, strictPort: false } });
  await server.listen();
  try {
    await check(await visit(page.context(), server.resolvedUrls.local[0], expect), server.resolvedUrls.local[0]);
  } finally {
    await server.close();
  }
}

async function buildAndPreview(vite, page, port) {
  await vite.build({ root: project.app, logLevel: 'silent' });
  const server = await vite.preview({ root: project.app, logLevel: 'silent', preview: { host: '127.0.0.1', port, strictPort: false } });
  try {
    return await visit(page.context(), server.resolvedUrls.local[0], expect);
  } finally {
    // A browser's preconnected sockets would hold close() open (e2e/static-server.js says why).
    await new Promise((resolve) => {
      server.httpServer.close(resolve);
      server.httpServer.closeAllConnections();
    });
  }
}

test('the README marks its recipes, each with what it is', () => {
  expect([...recipes.keys()].sort()).toEqual(['esbuild', 'first-example', 'next', 'vite6', 'vite7']);
  expect(recipes.get('first-example').text).toMatch(/^import \{ init \} from 'tensorcast';\nconst tc = await init\(\);/);
  expect(recipes.get('vite7')).toMatchObject({ file: 'vite.config.js', lang: 'javascript' });
  expect(recipes.get('esbuild')).toMatchObject({ file: undefined, lang: 'sh' });
});

test('Vite 8, no config: the dev server and vite build run the first example', async ({ page }) => {
  const vite = await useVite(join(root, 'node_modules/vite'), null);
  await devServer(vite, page, 4500, (seen) => expect(seen).toEqual({ logged: [GRAD], errors: [] }));
  expect(await buildAndPreview(vite, page, 4510)).toEqual({ logged: [GRAD], errors: [] });
});

test("Vite 7's dev server: with the README's config it runs the first example; without, init() names the config", async ({ page }) => {
  let vite = await useVite(join(bundlers, 'vite7'), recipes.get('vite7'));
  await devServer(vite, page, 4520, (seen) => expect(seen).toEqual({ logged: [GRAD], errors: [] }));
  vite = await useVite(join(bundlers, 'vite7'), null);
  await devServer(vite, page, 4530, (seen, base) =>
    expect(seen).toEqual({
      logged: [],
      errors: [
        `could not load the tensorcast wasm module: ${base}node_modules/.vite/deps/tensorcast.wasm answered with an HTML page ` +
          "(Content-Type text/html), not the .wasm; Vite's dev server pre-bundled tensorcast into node_modules/.vite without its " +
          ".wasm files (Vite 7 and earlier do): add optimizeDeps: { exclude: ['tensorcast'] } to vite.config.js (or .ts) and restart the dev server",
      ],
    }));
});

test("Vite 6: with the README's config vite build (top-level await) and the dev server run the first example; without, the build fails", async ({ page }) => {
  let vite = await useVite(join(bundlers, 'vite6'), null);
  await expect(vite.build({ root: project.app, logLevel: 'silent' })).rejects.toThrow(/Top-level await is not available in the configured target environment/);
  vite = await useVite(join(bundlers, 'vite6'), recipes.get('vite6'));
  expect(await buildAndPreview(vite, page, 4540)).toEqual({ logged: [GRAD], errors: [] });
  await devServer(vite, page, 4550, (seen) => expect(seen).toEqual({ logged: [GRAD], errors: [] }));
});

test("esbuild: the README's commands as written, the bundle served with its .wasm", async ({ page }) => {
  const { app } = project;
  await cp(join(app, 'main.js'), join(app, 'app.js'));
  for (const line of recipes.get('esbuild').text.trim().split('\n'))
    await run('sh', ['-c', line], { cwd: app, env: { ...process.env, npm_config_offline: 'true' } });
  await writeFile(join(app, 'public/index.html'), INDEX.replace('/main.js', '/app.js'));
  const server = createHttpServer(async (req, res) => {
    const path = join(app, 'public', new URL(req.url, 'http://x').pathname);
    try {
      const body = await readFile(path.endsWith('/') ? join(path, 'index.html') : path);
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(path) || '.html'] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    expect(await visit(page.context(), `http://127.0.0.1:${server.address().port}/`, expect)).toEqual({ logged: [GRAD], errors: [] });
  } finally {
    server.close();
  }
});
