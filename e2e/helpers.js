// Shared by the playground's e2e tests: opening the page, waiting for the
// core to load, and the npm package itself (from dist/) for checking the
// page's numbers against the API in Node.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { init } from '../dist/index.js';

/** The package, loaded once per worker. */
export const core = () => init();

/** Waits until the (first) playground has loaded the core and rendered. */
export async function ready(page, selector = 'tensorcast-playground') {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return el !== null && el.playground != null;
  }, selector, { timeout: 30_000 });
  await page.evaluate((s) => document.querySelector(s).updateComplete, selector);
}

/** Opens the full-page playground at a hash ('a=5,3,4,1&b=3,1,1&...'). */
export async function open(page, hash = '') {
  const url = hash === '' ? '/' : `/#${hash}`;
  // Going to the URL the page is at changes nothing (the page rewrites its
  // URL only once changes pause): start from a blank page then.
  if (page.url().endsWith(url)) await page.goto('about:blank');
  await page.goto(url);
  await ready(page);
}

/** Waits for the component's next render to finish. */
export async function settled(page, selector = 'tensorcast-playground') {
  await page.evaluate((s) => document.querySelector(s).updateComplete, selector);
}

// Note [A clock needs a context of its own]: the playground's project
// reuses one context and page per worker (playwright.config.js). Twice, in
// full runs, a test's page threw "Cannot read properties of undefined
// (reading 'controller')" (e2e/csp.spec.js, e2e/code-predict.spec.js).
// No script of the page reads `.controller`; Playwright's clock does
// (`globalThis.__pwClock.controller.log(...)`, evaluated in each new
// document once page.clock was used), and in the run where it was traced
// a test with a clock had run shortly before, likely in the same worker
// (e2e/course-page.spec.js's lecture embed). Not reproduced in isolation
// (that test and then the CSP one, in one worker, passed), so the clock is
// the suspect, not a proven cause; watch() now records the stack, which
// would name the script.
// A test that uses page.clock runs on a page of a context of its own
// (withOwnPage; Playwright allows reuseContext: false only for a whole file).

/** Runs fn on a page of a new context with the project's base URL (Note [A clock needs a context of its own]), closed after. */
export async function withOwnPage(browser, fn) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Collects what must never happen on a page: uncaught errors, console errors, CSP violations, dialogs. */
export function watch(page) {
  const problems = [];
  // With where it was thrown, so that a failure says which script threw.
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}${e.stack ? `\n${e.stack}` : ''}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return problems;
}

/** The state's result as the page shows it. */
export async function shown(page) {
  const result = page.getByTestId('result-shape');
  const error = page.getByTestId('error');
  await expect(result.or(error).first()).toBeVisible();
  return {
    result: (await result.count()) > 0 ? await result.textContent() : null,
    error: (await error.count()) > 0 ? (await error.first().textContent()).trim() : null,
  };
}

export const torchSize = (shape) => `torch.Size([${shape.join(', ')}])`;

// --- the code mode (e2e/code-mode.spec.js, e2e/program-graph.spec.js)

/**
 * The issue's example as the code mode opens with it: the first preset,
 * web/presets/01-broadcast-and-backward.py, without its title lines (so x is
 * made on line 3, d on 5, the backward on 8).
 */
export const EXAMPLE_PROGRAM = readFileSync(new URL('../web/presets/01-broadcast-and-backward.py', import.meta.url), 'utf8')
  .replace(/^(#\s*(en|zh)\s*:.*\n)+/, '');

/** Opens the page in the code mode and waits for the editor and the first run. */
export async function openCode(page, hash = '') {
  await open(page, `mode=code${hash === '' ? '' : `&${hash}`}`);
  await page.waitForFunction(() => {
    const p = document.querySelector('tensorcast-playground').program;
    return p !== null && p.editorReady && p.run !== null;
  });
}

/**
 * Replaces the code mode's text as a person pasting it would (a paste event with the text on its clipboard).
 * within: where the editor is, the page or one of its frames (page.frameLocator(...)).
 */
export async function pasteCode(page, code, within = page) {
  await within.locator('.cm-content').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await within.locator('.cm-content').evaluate((content, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
}

// --- the strides view's offset-sum tip (e2e/views.spec.js, e2e/recipes/revealjs.spec.js)

/**
 * Checks that the offset sum's tip (formula-tip.ts) sits by the output cell
 * the hover marks: level with its row just past the output grid, or just
 * below or above it. scope: the page or an element's locator; key: the
 * cell's data-key ('out:5'); gap: the most space between them, in pixels on
 * screen.
 */
export async function expectTipByCell(scope, key, gap = 12) {
  const tip = scope.getByTestId('formula');
  await expect(tip).toBeVisible();
  const cell = await scope.locator(`[data-testid="diagram"] rect[data-hl="on"][data-key="${key}"]`).boundingBox();
  const at = await tip.boundingBox();
  const dx = Math.max(0, at.x - (cell.x + cell.width), cell.x - (at.x + at.width));
  const dy = Math.max(0, at.y - (cell.y + cell.height), cell.y - (at.y + at.height));
  // The grid's right edge: its last column's numbers, and half a cell.
  const gridRight = Math.max(...(await scope.locator('[data-testid="diagram"] text[data-key^="out:"]').evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect().right)))) + cell.width / 2;
  // Beside: nothing between the cell and the tip but the rest of the output grid.
  const beside = dy === 0 && at.x >= cell.x + cell.width && at.x <= gridRight + gap;
  expect(beside || (dx === 0 && dy < gap), `tip ${JSON.stringify(at)} far from ${key} ${JSON.stringify(cell)}: ${dx}, ${dy}`).toBe(true);
}
