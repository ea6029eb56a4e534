// Keyboard access with visible focus, names for screen readers, and meaning
// never carried by colour alone; the diagrams under forced colours (a
// system's contrast theme), and an axe scan of every view and mode in both
// languages and both themes. Screenshots in forced colours go to
// e2e/screenshots/a11y/ (not committed), for a person to look at.
import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { open, openCode, pasteCode, ready, withOwnPage } from './helpers.js';

// The longest file of the suite: its tests are independent, and in parallel
// mode they are shared among the workers rather than run by one of them
// while the other has nothing left to do.
test.describe.configure({ mode: 'parallel' });

// The demo course page (web/public): three elements, one compact, one compact and locked.
const COURSE_PAGE = '/course.html';

const focusedTestId = (page) =>
  page.evaluate(() => {
    const el = document.querySelector('tensorcast-playground').shadowRoot.activeElement;
    return el?.getAttribute('data-testid') ?? el?.id ?? el?.tagName ?? null;
  });

test('Tab reaches every control in order, with a visible focus ring', async ({ page }) => {
  // A step in the middle: at an end, Previous or Next is disabled and out of the Tab order.
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&step=1&lang=en');
  await page.getByTestId('copy-link').focus();
  const seen = [];
  for (let i = 0; i < 40; i++) {
    const id = await focusedTestId(page);
    seen.push(id);
    const outline = await page.evaluate(() => {
      const el = document.querySelector('tensorcast-playground').shadowRoot.activeElement;
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(outline.style, `focus ring on ${id}`).not.toBe('none');
    expect(outline.width, `focus ring on ${id}`).toBeGreaterThanOrEqual(2);
    if (id === 'diagram') break;
    await page.keyboard.press('Tab');
  }
  for (const id of ['copy-link', 'copy-embed', 'lang', 'theme', 'preset', 'op', 'alpha', 'shape-a', 'fill-a', 'shape-b', 'fill-b', 'tab-strides', 'reset', 'prev', 'play', 'next', 'speed', 'export-svg', 'export-png', 'export-all-svg', 'export-all-png', 'diagram'])
    expect(seen, `Tab reaches ${id}`).toContain(id);
  // The other tabs are reached with the arrow keys, not Tab (one stop for the tab list).
  expect(seen).not.toContain('tab-align');
});

test('every control has a name a screen reader can read', async ({ page }) => {
  for (const hash of ['a=2,3&b=3&c=2,1&op=where&fc=custom&vc=1,0&view=grad&lang=en', 'a=2,3&b=2&op=add&fa=random&view=align&lang=zh']) {
    await open(page, hash);
    const unnamed = await page.evaluate(() => {
      const root = document.querySelector('tensorcast-playground').shadowRoot;
      return [...root.querySelectorAll('input, select, textarea, button, [role="tab"], [tabindex="0"]')]
        .filter((el) => {
          const labelled = (el.labels?.length ?? 0) > 0 || el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby');
          return !labelled && el.textContent.trim() === '';
        })
        .map((el) => el.outerHTML.slice(0, 80));
    });
    expect(unnamed).toEqual([]);
  }
});

test('diagrams carry a title and a description; steps and hover are announced', async ({ page }) => {
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=en');
  // One image for screen readers; the sheets the drawing is stacked on are hidden from them.
  const svg = page.locator('[data-testid="diagram"] svg[role="img"]');
  await expect(svg).toHaveCount(1);
  const sheets = await page.locator('[data-testid="diagram"] svg:not([role="img"])').evaluateAll((els) => els.map((e) => e.getAttribute('aria-hidden')));
  expect(sheets.length).toBeGreaterThan(0);
  expect(sheets.every((h) => h === 'true')).toBe(true);
  await expect(svg.locator('title')).toHaveText('Strides diagram');
  await expect(svg.locator('desc')).toHaveText(await page.getByTestId('caption').textContent());
  await expect(page.getByTestId('caption')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('reads')).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[role="tabpanel"]')).toHaveAttribute('aria-labelledby', 'tab-strides');
});

test('colour is never the only signal: words, dashes and hatching mark every state', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en');
  const diagram = page.getByTestId('diagram');
  // Verdicts in words, the missing dim dashed, the conflict hatched.
  for (const word of ['= equal', '1 → stretched', '✗ mismatch', 'not checked'])
    await expect(diagram.locator('text').filter({ hasText: word })).toHaveCount(1);
  await expect(diagram.locator('rect[stroke-dasharray]').first()).toBeVisible();
  expect(await diagram.locator('g:not([data-layer^="legend"]) > rect[fill^="url(#tc-hatch)"]').count()).toBe(3);
  // The legend says what each look means.
  for (const word of ['equal sizes', 'the size kept', 'a 1, stretched', 'missing dim (a ghost 1)', 'mismatch', 'dim being checked'])
    await expect(diagram.locator('g[data-layer^="legend"] text').filter({ hasText: word })).toHaveCount(1);
  // Zero strides are hatched in the diagram and spelled out in the table.
  await page.getByTestId('shape-a').fill('5,1,4,1');
  await page.getByTestId('tab-strides').click();
  expect(await diagram.locator('rect[fill^="url(#tc-hatch)"]').count()).toBe(3);
  await expect(page.locator('mark.zero .sr').first()).toHaveText(', stride 0: the same cell is read again');
});

test('Previous and Next are disabled at the ends, and focus stays on the player', async ({ page }) => {
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=en');
  const prev = page.getByTestId('prev');
  const next = page.getByTestId('next');
  await expect(prev).toBeDisabled();
  await expect(next).toBeEnabled();
  await next.focus();
  for (let k = 0; k < 6; k++) await page.keyboard.press('Enter');
  await expect(page.getByTestId('step-count')).toHaveText('Step 7 of 7');
  await expect(next).toBeDisabled();
  await expect(prev).toBeEnabled();
  // The disabled button lost focus to the other one: the keys go on working.
  expect(await focusedTestId(page)).toBe('prev');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('step-count')).toHaveText('Step 6 of 7');
  await page.keyboard.press('Home');
  await expect(prev).toBeDisabled();
});

test('in the output grid, Up and Down move by a row, Left and Right by a cell', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=add&view=strides&lang=en');
  const on = (flat) => expect(page.locator(`[data-testid="diagram"] rect[data-hl="on"][data-key="out:${flat}"]`)).toHaveCount(1);
  const reads = page.getByTestId('reads');
  await page.getByTestId('diagram').focus();
  await on(0);
  await page.keyboard.press('ArrowDown');
  await on(3);
  await expect(reads).toContainText('out[1, 0] = ');
  await page.keyboard.press('ArrowRight');
  await on(4);
  await page.keyboard.press('ArrowUp');
  await on(1);
  await expect(reads).toContainText('out[0, 1] = ');
  // No row above the first: Up stays.
  await page.keyboard.press('ArrowUp');
  await on(1);
  await page.keyboard.press('End');
  await on(5);
  await page.keyboard.press('ArrowDown');
  await on(5);
  // The step did not change: the grid took the arrows.
  await expect(page.getByTestId('step-count')).toHaveText('Step 5 of 5');
});

test('the verdict is announced once typing pauses, only when it changed', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en');
  // The verdict itself is not a live region (it would speak on every keystroke); one hidden region is.
  await expect(page.locator('[role="alert"]')).toHaveCount(0);
  await expect(page.locator('.verdict[aria-live], .verdict [aria-live]')).toHaveCount(0);
  const region = page.getByTestId('announce');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveText('');
  await region.evaluate((el) => {
    window.announced = [];
    new MutationObserver(() => window.announced.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true });
  });
  const b = page.getByTestId('shape-b');
  // Keystrokes that come back to the same error: nothing to announce.
  await b.press('End');
  await b.pressSequentially('97', { delay: 30 });
  await b.press('Backspace');
  await b.press('Backspace');
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => window.announced)).toEqual([]);
  // Several keystrokes to a new error: one announcement, of the last one.
  await b.fill('3,1,1');
  await b.pressSequentially(',5', { delay: 30 });
  await b.press('Backspace');
  await b.pressSequentially('6', { delay: 30 });
  const error = (await page.getByTestId('error').textContent()).trim();
  await expect.poll(() => page.evaluate(() => window.announced.length)).toBe(1);
  await page.waitForTimeout(1200);
  expect(await page.evaluate(() => window.announced)).toEqual([`Error (PyTorch’s message) ${error}`]);
  // A result is announced as one.
  await b.fill('1');
  await expect(region).toHaveText('Result: torch.Size([5, 2, 4, 1])');
});

test('each view’s diagram has a hidden table of what it shows', async ({ page }) => {
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=align&step=2&lang=en');
  const table = page.getByTestId('diagram-table');
  const rows = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  // Hidden from the eye, there for a screen reader.
  expect(await table.evaluate((t) => t.parentElement.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
  await expect(table.locator('caption')).toHaveText('Alignment diagram as a table, step 3 of 7');
  await expect(table.locator('thead th')).toHaveText(['dim 0 (−4)', 'dim 1 (−3)', 'dim 2 (−2)', 'dim 3 (−1)']);
  expect(await rows()).toEqual([
    ['a', '5', '1', '4', '1'],
    ['b', 'missing (counts as 1)', '3', '1', '1'],
    ['result', '—', '—', '—', '1'],
    ['rule', 'not checked yet', 'not checked yet', 'not checked yet', '= equal'],
  ]);
  await page.getByTestId('tab-strides').click();
  expect((await rows()).map((r) => r.slice(0, 4))).toEqual([
    ['a', '(5, 1, 4, 1)', '(4, 4, 1, 1)', '(4, 0, 1, 1)'],
    ['b', '(3, 1, 1)', '(1, 1, 1)', '(0, 1, 0, 1)'],
    ['out', '(5, 3, 4, 1)', '(12, 4, 1, 1)', '(12, 4, 1, 1)'],
  ]);
  await page.getByTestId('tab-grad').click();
  expect((await rows()).map((r) => r.slice(0, 5))).toEqual([
    ['a', '(5, 3, 4, 1)', 'none', '1', '(5, 1, 4, 1)'],
    ['b', '(5, 3, 4, 1)', '0', '2', '(3, 1, 1)'],
  ]);
  await page.getByTestId('tab-inplace').click();
  await expect(table.locator('caption')).toHaveText('In-place diagram as a table, step 4 of 4');
  expect((await rows()).at(-1)).toEqual(['fits in a', '✓ fits', '✗ differs', '✓ fits', '✓ fits']);
});

test('the speed control sets play’s pace', async ({ browser }) => {
  // See Note [A clock needs a context of its own] in helpers.js.
  await withOwnPage(browser, async (page) => {
    await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=0&lang=zh');
    // Time stands still but for runFor.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 10_000);
    const count = page.getByTestId('step-count');
    await page.getByTestId('speed').selectOption('fast');
    await page.getByTestId('play').click();
    await page.clock.runFor(1450);
    await expect(count).toHaveText('第 3 步，共 7 步');
    await page.getByTestId('speed').selectOption('slow');
    await page.clock.runFor(1450);
    await expect(count).toHaveText('第 3 步，共 7 步');
    await page.clock.runFor(1400);
    await expect(count).toHaveText('第 4 步，共 7 步');
    await expect(page.getByTestId('speed').locator('option')).toHaveText(['慢', '中', '快']);
  });
});

// ---- forced colours (Note [Forced colours] in web/src/diagram/palette.ts)

const SYSTEM_COLOURS = ['Canvas', 'CanvasText', 'LinkText', 'Highlight'];

/** What each system colour resolves to on this page now, as getComputedStyle writes colours. */
const systemColours = (page) =>
  page.evaluate((names) => Object.fromEntries(names.map((name) => {
    const probe = document.createElement('div');
    probe.style.color = name;
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return [value, name];
  })), SYSTEM_COLOURS);

/** Every painted fill and stroke in the element's diagrams, as computed (none and the hatch pattern left out). */
const paints = (page, within = '[data-testid="diagram"]') =>
  page.evaluate((sel) => {
    const root = document.querySelector('tensorcast-playground').shadowRoot;
    const out = new Set();
    for (const el of root.querySelectorAll(`${sel} svg :is(rect, path, line, text)`)) {
      const style = getComputedStyle(el);
      for (const v of [style.fill, style.stroke]) if (v !== 'none' && !v.startsWith('url(')) out.add(v);
    }
    return [...out];
  }, within);

/** The legend's swatches: each role's look without its colour (outline width, dashes, hatching, glyph) and its colour. */
const legendLooks = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('tensorcast-playground').shadowRoot;
    const legend = root.querySelector('[data-testid="diagram"] g[data-layer^="legend"]');
    const rects = [...legend.querySelectorAll('rect:not([fill^="url("])')];
    return rects.map((rect) => {
      const style = getComputedStyle(rect);
      const next = rect.nextElementSibling;
      const hatched = next?.tagName === 'rect' && next.getAttribute('fill').startsWith('url(');
      const texts = [...legend.querySelectorAll('text')].filter((t) => Math.abs(t.getBBox().y - rect.getBBox().y) < 12 && t.getBBox().x >= rect.getBBox().x - 1);
      const glyph = texts.find((t) => t.getBBox().x < rect.getBBox().x + rect.getBBox().width)?.textContent ?? '';
      const word = texts.find((t) => t.getBBox().x >= rect.getBBox().x + rect.getBBox().width)?.textContent ?? '';
      return { word, glyph, width: style.strokeWidth, dashes: style.strokeDasharray, hatched, stroke: style.stroke, fill: style.fill };
    });
  });

for (const scheme of ['light', 'dark'])
  test(`forced colours (${scheme} contrast theme): the alignment diagram in system colours, each role told apart without colour`, async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
    await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en&theme=light');
    const system = await systemColours(page);
    const diagram = page.getByTestId('diagram');
    // The picture's background is the system's Canvas (a light theme's white would glare on a black contrast theme).
    expect(system[await diagram.locator('svg rect[data-background]').first().evaluate((r) => getComputedStyle(r).fill)]).toBe('Canvas');
    // Every fill and stroke is a system colour: the reader's theme decides them all.
    const used = await paints(page);
    expect(used.length).toBeGreaterThan(1);
    for (const colour of used) expect(SYSTEM_COLOURS, `${colour} is a system colour`).toContain(system[colour]);
    // Each role in the legend differs from every other in its outline, its hatching or its glyph, colour aside.
    const looks = await legendLooks(page);
    expect(looks.map((l) => l.word)).toEqual(['equal sizes', 'the size kept', 'a 1, stretched', 'missing dim (a ghost 1)', 'mismatch', 'dim being checked']);
    const signature = (l) => JSON.stringify([l.glyph, l.width, l.dashes, l.hatched]);
    expect(new Set(looks.map(signature)).size).toBe(looks.length);
    const by = Object.fromEntries(looks.map((l) => [l.word, l]));
    expect(by['missing dim (a ghost 1)'].dashes).not.toBe('none');
    expect(by.mismatch.hatched).toBe(true);
    expect(parseFloat(by['the size kept'].width)).toBeGreaterThan(parseFloat(by['equal sizes'].width));
    expect(system[by['dim being checked'].stroke]).toBe('Highlight');
    // The diagram's cells carry the same marks: the conflicting dim hatched, the ghost dim dashed.
    expect(await diagram.locator('g:not([data-layer^="legend"]) > rect[fill^="url("]').count()).toBeGreaterThan(0);
    expect(await diagram.locator('g:not([data-layer^="legend"]) > rect[stroke-dasharray]').count()).toBeGreaterThan(0);
    // The error beside the diagram: its double rule and its ✗ survive the forced colours.
    const problem = page.locator('.problem').first();
    expect(await problem.evaluate((e) => getComputedStyle(e).borderLeftStyle)).toBe('double');
    expect(await problem.locator('.failed').evaluate((e) => getComputedStyle(e, '::before').content)).toBe('"✗ "');
    // The chosen tab: underlined and bold, not only framed.
    const tab = page.getByTestId('tab-align');
    expect(await tab.evaluate((e) => [getComputedStyle(e).textDecorationLine, getComputedStyle(e).fontWeight])).toEqual(['underline', '700']);
  });

test('forced colours: the strides view marks zero strides, reused cells and the hovered cell without colour', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  await open(page, 'a=2,3&b=3&op=add&view=strides&lang=en');
  const system = await systemColours(page);
  const diagram = page.getByTestId('diagram');
  for (const colour of await paints(page)) expect(SYSTEM_COLOURS).toContain(system[colour]);
  // Zero strides hatched; b's cells, each read by both rows of the output, dashed.
  expect(await diagram.locator('rect[fill^="url("]').count()).toBeGreaterThan(0);
  expect(await diagram.locator('path[stroke-dasharray]').count()).toBeGreaterThan(0);
  await diagram.locator('text[data-key="out:4"]').hover();
  // The hovered cell: a thick Highlight outline; the cells it reads from the same, the other reads dashed.
  const on = diagram.locator('rect[data-hl="on"][data-key="out:4"]');
  expect(await on.evaluate((r) => [getComputedStyle(r).strokeWidth, getComputedStyle(r).strokeDasharray])).toEqual(['4px', 'none']);
  expect(system[await on.evaluate((r) => getComputedStyle(r).stroke)]).toBe('Highlight');
  const same = diagram.locator('rect[data-hl="same"]').first();
  expect(await same.evaluate((r) => getComputedStyle(r).strokeDasharray)).not.toBe('none');
});

test('forced colours: the program graph marks the picked line by its outline width; turning forced colours off restores the theme', async ({ page }) => {
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
  await openCode(page, 'lang=en');
  const graph = page.getByTestId('program-graph');
  await expect(graph.locator('g[role="button"]').first()).toBeVisible();
  const system = await systemColours(page);
  for (const colour of await paints(page, '[data-testid="program-graph"]')) expect(SYSTEM_COLOURS).toContain(system[colour]);
  const node = graph.locator('g[role="button"][data-testid^="node-"]').first();
  await node.focus();
  await page.keyboard.press('Enter');
  const box = graph.locator('g[role="button"][aria-pressed="true"][data-testid^="node-"] > rect').first();
  await expect(box).toBeVisible();
  const other = graph.locator('g[role="button"]:not([aria-pressed])[data-testid^="node-"] > rect').first();
  const width = (l) => l.evaluate((r) => parseFloat(getComputedStyle(r).strokeWidth));
  expect(await width(box)).toBeGreaterThan(await width(other));
  // The system stops forcing colours: the theme's own palette comes back, without a reload.
  await page.emulateMedia({ forcedColors: 'none', colorScheme: 'dark' });
  await expect(graph.locator('svg rect[data-background]').first()).toHaveAttribute('fill', '#0d1117');
});

// ---- an axe scan of every view and mode: no serious or critical violation.
// Every rule axe runs by default is on; none is disabled.

const OUTER = 'def outer(a: float32[n], b: float32[m]) -> float32[n, m]:\n    return a[None, :] * b[:, None]';

/** The element(s) of the course page in the language and theme asked for. */
async function coursePage(page, lang, theme) {
  await page.goto(COURSE_PAGE);
  for (const id of ['#lesson-align', '#lesson-strides', '#lesson-lecture']) await ready(page, id);
  await page.evaluate(([l, t]) => Promise.all([...document.querySelectorAll('tensorcast-playground')].map((el) => {
    el.setAttribute('lang', l);
    el.setAttribute('theme', t);
    return el.updateComplete;
  })), [lang, theme]);
}

const SCANS = {
  'alignment, with a mismatch': (page, q) => open(page, `a=5,2,4,1&b=3,1,1&op=add&view=align&step=3&${q}`),
  strides: async (page, q) => {
    await open(page, `a=5,1,4,1&b=3,1,1&op=add&view=strides&${q}`);
    await page.getByTestId('diagram').locator('text[data-key="out:4"]').hover();
  },
  gradient: (page, q) => open(page, `a=2,3&b=3&c=2,1&op=where&view=grad&${q}`),
  'in-place': (page, q) => open(page, `a=5,1,4,1&b=3,1,1&op=add&view=inplace&${q}`),
  predict: (page, q) => open(page, `a=5,1,4,1&b=3,1,1&op=add&view=align&predict=1&${q}`),
  'code mode': (page, q) => openCode(page, q),
  'the puzzles list': async (page, q) => {
    await open(page, `view=puzzles&${q}`);
    await expect(page.getByTestId('puzzle-item').first()).toBeVisible();
  },
  'a puzzle after a failed check': async (page, q) => {
    await open(page, `puzzle=outer&${q}`);
    await expect(page.locator('.cm-content')).toBeVisible();
    await page.getByTestId('puzzle-next-hint').click();
    await pasteCode(page, OUTER);
    await page.getByTestId('puzzle-check').click();
    await expect(page.getByTestId('puzzle-result')).toHaveAttribute('data-passed', 'false');
    await expect(page.getByTestId('puzzle-views').getByTestId('program-graph')).toBeVisible();
  },
  'a drill': async (page, q) => {
    await open(page, `drill=gradient-of-a-broadcast&${q}`);
    await expect(page.getByTestId('drill')).toBeVisible();
  },
  'an exercise of two shapes': (page, q) => open(page, `a=4,3&b=3,1&op=add&view=align&goal=shape.out.4x3&edit=b&${q}`),
  'a code exercise, met': async (page, q) => {
    await openCode(page, `goal=runs&edit=3&${q}`);
    await expect(page.getByTestId('exercise-met')).toBeVisible();
  },
  'the exercise maker': async (page, q) => {
    await openCode(page, q);
    await page.getByTestId('make-exercise').click();
    await expect(page.getByTestId('exercise-maker')).toBeVisible();
  },
  'the worksheet': async (page, q) => {
    await page.goto(`/worksheet.html#set=puzzles&${q}`);
    await expect(page.locator('body')).toHaveAttribute('data-ready', 'true');
  },
  'the course page (compact, lock)': (page, q) => coursePage(page, ...q.match(/lang=(\w+)&theme=(\w+)/).slice(1)),
};

/** axe's serious and critical findings on the page as it is, each with where and why. */
async function grave(page, rules) {
  // Violations only: axe then makes a selector for the nodes of its findings, not for every
  // node each rule passed (axe-core's resultTypes option: six of these tests took 44 s, not 48).
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const { violations } = await (rules === undefined ? builder : builder.withRules(rules)).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' >> ')}: ${n.failureSummary}`).join('; ')}`);
}

// Every rule in the light theme; in the dark one, what a theme changes: colour contrast.
// (One test per view and language: a page of its own per scan doubled the suite's time.)
for (const [name, go] of Object.entries(SCANS))
  for (const lang of ['en', 'zh'])
    test(`axe: ${name}, ${lang}, light and dark: no serious or critical violation`, async ({ page }) => {
      for (const theme of ['light', 'dark']) {
        // The worksheet has no theme of its own: it follows the system's scheme.
        await page.emulateMedia({ colorScheme: theme });
        // A page of its own for each theme (a link differing in its hash only would not reload).
        if (theme === 'dark') await page.goto('about:blank');
        await go(page, `lang=${lang}&theme=${theme}`);
        expect(await grave(page, theme === 'light' ? undefined : ['color-contrast']), theme).toEqual([]);
      }
    });

// ---- screenshots in forced colours, both contrast themes, at a phone's and a laptop's size, in both languages.
const SIZES = { phone: { width: 390, height: 844 }, laptop: { width: 1366, height: 768 } };
const SHOTS = new URL('./screenshots/a11y/', import.meta.url);
for (const [size, viewport] of Object.entries(SIZES))
  for (const lang of ['en', 'zh'])
    test(`screenshots in forced colours, ${size}, ${lang}`, async ({ page }) => {
      await mkdir(SHOTS, { recursive: true });
      await page.setViewportSize(viewport);
      const shot = async (name) => {
        await page.getByTestId(name === 'graph' ? 'program-graph' : 'diagram').scrollIntoViewIfNeeded();
        await page.screenshot({ path: new URL(`${name}-${size}-${lang}-${scheme}.png`, SHOTS).pathname });
      };
      let scheme;
      for (scheme of ['light', 'dark']) {
        await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
        await open(page, `a=5,2,4,1&b=3,1,1&op=add&view=align&step=3&lang=${lang}`);
        await shot('align');
        await open(page, `a=2,3&b=3&op=add&view=strides&lang=${lang}`);
        await page.getByTestId('diagram').locator('text[data-key="out:4"]').hover();
        await shot('strides');
        await openCode(page, `lang=${lang}`);
        await shot('graph');
      }
    });
