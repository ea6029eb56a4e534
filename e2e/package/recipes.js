// Shared by the specs that run the package README's recipes as written:
// the recipes (each a fenced block after an HTML comment naming it, and the
// file it is, e.g. `<!-- recipe: vite7 file=vite.config.js -->`), a fresh
// project holding the packed tarball, and a page's console and errors.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const root = fileURLToPath(new URL('../..', import.meta.url));
/** tests/bundlers: Next.js, Vite 6 and 7, installed by scripts/setup.sh. */
export const bundlersDir = join(root, 'tests/bundlers');
export const bundlers = join(bundlersDir, 'node_modules');

const RECIPE = /^( *)<!-- recipe: ([\w-]+)(?: file=(\S+))? -->\n\1```(\w+)\n([\s\S]*?)\n\1```$/gm;

/**
 * The README's recipes by name: { file (where it goes; none for shell
 * commands), lang, text (unindented, ending in a newline) }. Throws when a
 * marker is not followed by its fenced block, or a name repeats.
 */
export function readmeRecipes(readme) {
  const recipes = new Map();
  for (const [, indent, name, file, lang, body] of readme.matchAll(RECIPE)) {
    if (recipes.has(name)) throw new Error(`README: recipe ${name} twice`);
    const text = body.split('\n').map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l)).join('\n');
    recipes.set(name, { file, lang, text: `${text}\n` });
  }
  const markers = readme.match(/<!-- recipe:/g)?.length ?? 0;
  if (markers !== recipes.size) throw new Error(`README: ${markers} recipe markers, ${recipes.size} recipes read`);
  return recipes;
}

/**
 * A fresh project in a temporary folder with the packed tarball installed
 * (npm pack of dist/, npm install --offline), as a user's project is:
 * { work (the temporary folder, to remove), app, readme (the installed
 * README, the one npm shows) }. seed: a folder with a package.json, its
 * lock and its installed node_modules (tests/bundlers), whose packages the
 * project starts with: hard links, so that Next.js is not installed again
 * for every run.
 */
export async function freshProject(prefix, seed) {
  const work = await mkdtemp(join(tmpdir(), prefix));
  const app = join(work, 'app');
  await mkdir(app);
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'dist') });
  const tarball = join(work, JSON.parse(stdout)[0].filename);
  const dependencies = seed ? JSON.parse(await readFile(join(seed, 'package.json'), 'utf8')).dependencies : {};
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module', dependencies }));
  if (seed) {
    await cp(join(seed, 'package-lock.json'), join(app, 'package-lock.json'));
    await run('cp', ['-al', join(seed, 'node_modules'), join(app, 'node_modules')]);
    // npm rewrites its record of node_modules in place: a copy, not a link to the seed's.
    const record = join(app, 'node_modules/.package-lock.json');
    await rm(record);
    await cp(join(seed, 'node_modules/.package-lock.json'), record);
  }
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: app });
  return { work, app, readme: await readFile(join(app, 'node_modules/tensorcast/README.md'), 'utf8') };
}

/**
 * Opens url in a new page of the context and waits until it logged or
 * threw: { logged (each console.log's arguments as String() gives them),
 * errors (what it threw) }.
 */
export async function visit(context, url, expect) {
  const page = await context.newPage();
  const logged = [];
  const errors = [];
  page.on('console', (message) => {
    if (message.type() !== 'log') return;
    logged.push(Promise.all(message.args().map((a) => a.evaluate((v) => String(v)))).then((parts) => parts.join(' ')));
  });
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(url);
    await expect.poll(() => logged.length + errors.length, { timeout: 60_000 }).toBeGreaterThan(0);
    return { logged: await Promise.all(logged), errors };
  } finally {
    await page.close();
  }
}
