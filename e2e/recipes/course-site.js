// What the MkDocs and Sphinx recipe specs share: a copy of a recipe's
// project with the element copied in as a teacher copies it (web/dist's
// tensorcast-playground.js and its assets/ folder, without the precompressed
// .br/.gz twins a static host does not need), the tool run on it, and the
// checks that an element in the built site renders, steps and shows the
// scheme asked for.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { watch } from '../helpers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const webDist = path.join(root, 'web/dist');

/** A temp copy of recipes/<name> (its git-ignored build output and element copy left out); remove() deletes it. */
export function recipeCopy(name) {
  const dir = mkdtempSync(path.join(tmpdir(), `tc-recipe-${name}-`));
  const from = path.join(root, 'recipes', name);
  cpSync(from, dir, { recursive: true, filter: (src) => !/[/\\](site|_build|tensorcast)$/.test(src) });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Copies the element into dest (a folder the site serves): tensorcast-playground.js and assets/. */
export function copyElement(dest) {
  cpSync(path.join(webDist, 'tensorcast-playground.js'), path.join(dest, 'tensorcast-playground.js'));
  cpSync(path.join(webDist, 'assets'), path.join(dest, 'assets'), { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
}

/** Runs a course tool (its output is shown when it fails). */
export function run(command, args, cwd) {
  execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

/** The element has loaded the core and drawn; Reset then Next move its step counter. */
export async function rendersAndSteps(page, selector, { steps, lang = 'en' }) {
  await page.waitForFunction((s) => document.querySelector(s)?.playground != null, selector, { timeout: 30_000 });
  const el = page.locator(selector);
  await expect(el.locator('.app svg').first()).toBeVisible();
  const count = el.getByTestId('step-count');
  const text = (k) => (lang === 'zh' ? `第 ${k} 步，共 ${steps} 步` : `Step ${k} of ${steps}`);
  await el.getByTestId('reset').click();
  await expect(count).toHaveText(text(1));
  await el.getByTestId('next').click();
  await expect(count).toHaveText(text(2));
}

/** The palette the element draws with: its data-theme and its background (palette.ts' bg of that theme). */
export async function expectScheme(page, selector, name) {
  const app = page.locator(selector).locator('.app');
  await expect(app).toHaveAttribute('data-theme', name);
  await expect(app).toHaveCSS('background-color', name === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
}

/**
 * watch() (e2e/helpers.js) on a course site: all it collects but the
 * browser's own request for /favicon.ico at the origin's root, which a
 * site without a favicon (Sphinx's default) answers 404: not the element's.
 */
export function watchSite(page) {
  const problems = watch(page);
  // Registered after watch()'s listener, so this runs after it has collected the message.
  page.on('console', (m) => {
    const at = problems.lastIndexOf(`console: ${m.text()}`);
    if (m.type() === 'error' && m.location().url.endsWith('/favicon.ico') && at >= 0) problems.splice(at, 1);
  });
  return problems;
}

export const SHOTS = fileURLToPath(new URL('../screenshots/recipes-docs/', import.meta.url));
