// The compact embed (<tensorcast-playground compact>): what a lesson shows
// of the playground. No inputs; one line saying what is shown; the views,
// steps and diagram as in the full playground; and a link that opens the
// full playground at the same state.
import { expect, test } from '@playwright/test';
import { zh } from '../web/src/i18n/zh.ts';
import { stateFromHash } from '../web/src/model/url.ts';
import { core, ready, settled, torchSize, watch } from './helpers.js';

const EMBED = '#lesson-strides';

async function openEmbed(page) {
  await page.goto('/course.html');
  await ready(page, EMBED);
  return page.locator(EMBED);
}

const setAttr = (page, name, value) =>
  page.evaluate(([s, n, v]) => {
    const el = document.querySelector(s);
    if (v === null) el.removeAttribute(n);
    else el.setAttribute(n, v);
    return el.updateComplete;
  }, [EMBED, name, value]);

const stepNumbers = async (embed) => (await embed.getByTestId('step-count').textContent()).match(/\d+/g).map(Number);

test('a compact embed shows the summary, tabs, player and diagram, and no inputs', async ({ page }) => {
  const problems = watch(page);
  const embed = await openEmbed(page);
  const tc = await core();
  const result = torchSize(tc.broadcastShapes([5, 3, 4, 1], [3, 1, 1]));
  await expect(embed.getByTestId('summary')).toHaveText(`torch.add(a, b) · a (5, 3, 4, 1) · b (3, 1, 1) → ${result}`);
  await expect(embed.getByTestId('result-shape')).toHaveText(result);
  await expect(embed.getByTestId('error')).toHaveCount(0);
  // The one menu is play's speed: no input of the state.
  for (const gone of ['h1', '.intro', '.inputs', 'fieldset', 'input', 'select:not([data-testid="speed"])', 'textarea', '.keys', 'table.strides', '.aside'])
    await expect(embed.locator(gone), gone).toHaveCount(0);
  for (const gone of ['copy-link', 'copy-embed', 'export-all-svg', 'export-all-png'])
    await expect(embed.getByTestId(gone), gone).toHaveCount(0);
  for (const gone of ['preset', 'op', 'alpha', 'shape-a', 'shape-b', 'fill-a', 'fill-b', 'theme', 'export-svg', 'export-png'])
    await expect(embed.getByTestId(gone), gone).toHaveCount(0);
  for (const view of ['align', 'strides', 'grad', 'inplace']) await expect(embed.getByTestId(`tab-${view}`)).toBeVisible();
  await expect(embed.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');
  for (const control of ['reset', 'prev', 'play', 'next', 'step-count', 'caption', 'lang', 'open-full'])
    await expect(embed.getByTestId(control), control).toBeVisible();
  await expect(embed.locator('[data-testid="diagram"] svg[role="img"]')).toBeVisible();
  await expect(embed.getByTestId('open-full')).toHaveText(new RegExp(`^${zh.ui.openFull}`));
  // The full embed on the same page keeps its inputs.
  await expect(page.locator('#lesson-align').getByTestId('shape-a')).toHaveValue('5,3,4,1');
  await expect(page.locator('#lesson-align')).not.toHaveAttribute('compact');
  expect(problems).toEqual([]);
});

test('compact: the player and the keys step through the view', async ({ page }) => {
  const embed = await openEmbed(page);
  const [last, count] = await stepNumbers(embed);
  expect(last).toBe(count);
  expect(count).toBeGreaterThan(2);
  const lastCaption = await embed.getByTestId('caption').textContent();
  const at = (k) => expect(embed.getByTestId('step-count')).toHaveText(zh.ui.stepOf(k, count));
  await embed.getByTestId('reset').click();
  await at(1);
  const firstCaption = await embed.getByTestId('caption').textContent();
  expect(firstCaption).not.toBe(lastCaption);
  await embed.getByTestId('next').click();
  await at(2);
  await expect(embed.getByTestId('caption')).not.toHaveText(firstCaption);
  await embed.getByTestId('prev').click();
  await at(1);
  await expect(embed.getByTestId('caption')).toHaveText(firstCaption);
  // Keys act once focus is inside the embed.
  await embed.getByTestId('reset').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await at(3);
  await page.keyboard.press('End');
  await at(count);
  await page.keyboard.press('Home');
  await at(1);
  await embed.getByTestId('play').click();
  await expect(embed.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  await at(2);
  await embed.getByTestId('play').click();
  await expect(embed.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  // The page's own URL is left alone.
  expect(new URL(page.url()).hash).toBe('');
});

test('compact: "open in the playground" opens the full playground at the same state', async ({ page, baseURL }) => {
  const problems = watch(page);
  const embed = await openEmbed(page);
  await setAttr(page, 'b', '4,1');
  await embed.getByTestId('tab-align').click();
  await embed.getByTestId('reset').click();
  await embed.getByTestId('next').click();
  await embed.getByTestId('next').click();
  await settled(page, EMBED);
  const href = await embed.getByTestId('open-full').getAttribute('href');
  // By default the link goes to the playground page beside the script (here the site's root).
  const url = new URL(href);
  expect(`${url.origin}${url.pathname}`).toBe(`${baseURL}/`);
  const state = stateFromHash(url.hash);
  expect({ a: state.a, b: state.b, op: state.op, view: state.view, step: state.step, lang: state.lang })
    .toEqual({ a: '5,3,4,1', b: '4,1', op: 'add', view: 'align', step: 2, lang: 'zh' });
  await expect(embed.getByTestId('open-full')).toHaveAttribute('target', '_blank');

  const [full] = await Promise.all([page.waitForEvent('popup'), embed.getByTestId('open-full').click()]);
  await ready(full);
  expect(full.url()).toBe(href);
  // The full playground, showing what the embed showed.
  await expect(full.locator('h1')).toHaveText(zh.title);
  await expect(full.getByTestId('shape-b')).toHaveValue('4,1');
  for (const id of ['caption', 'result-shape', 'step-count'])
    await expect(full.getByTestId(id), id).toHaveText(await embed.getByTestId(id).textContent());
  await expect(full.getByTestId('tab-align')).toHaveAttribute('aria-selected', 'true');
  await expect(full.locator('.app')).toHaveAttribute('lang', 'zh-CN');
  await full.close();
  expect(problems).toEqual([]);
});

test('compact: playground-url sets where the link goes, relative to the page; only http(s) is taken', async ({ page, baseURL }) => {
  const embed = await openEmbed(page);
  const link = embed.getByTestId('open-full');
  const hash = () => link.getAttribute('href').then((h) => new URL(h).hash);
  const expected = await hash();
  expect(expected).toContain('a=5,3,4,1&b=3,1,1&op=add&view=strides');
  await setAttr(page, 'playground-url', 'tools/index.html');
  await expect(link).toHaveAttribute('href', `${baseURL}/tools/index.html${expected}`);
  // Its own query stays, its own hash gives way to the state's.
  await setAttr(page, 'playground-url', 'https://example.org/course/tc/?from=lesson#old');
  await expect(link).toHaveAttribute('href', `https://example.org/course/tc/?from=lesson${expected}`);
  await setAttr(page, 'playground-url', 'javascript:alert(1)');
  await expect(link).toHaveAttribute('href', `${baseURL}/${expected}`);
  await setAttr(page, 'playground-url', null);
  await expect(link).toHaveAttribute('href', `${baseURL}/${expected}`);
  // playgroundLink itself, without a page: tests/web/url-state.test.js.
});

test('compact: with no playground-url the link goes beside the script, not beside the page', async ({ page, baseURL }) => {
  // A course page deeper in the site that loads the script from the root.
  await page.route('**/course/week3/lesson.html', (route) => route.fulfill({
    contentType: 'text/html',
    body: '<!doctype html><script type="module" src="/tensorcast-playground.js"></script>' +
      '<tensorcast-playground compact a="2,3" b="3" view="align" lang="en"></tensorcast-playground>',
  }));
  await page.goto('/course/week3/lesson.html');
  await ready(page);
  const href = await page.getByTestId('open-full').getAttribute('href');
  expect(href.startsWith(`${baseURL}/#v=1&a=2,3&b=3&`)).toBe(true);
});

test('compact: the language switch changes every text of the embed', async ({ page }) => {
  const embed = await openEmbed(page);
  const summary = await embed.getByTestId('summary').textContent();
  const [, count] = await stepNumbers(embed);
  await expect(embed.getByTestId('tab-strides')).toHaveText(zh.ui.views.strides);
  await expect(embed.getByTestId('caption')).toHaveText(/[\u4e00-\u9fff]/);
  await embed.getByTestId('lang').click();
  await expect(embed.locator('.app')).toHaveAttribute('lang', 'en');
  await expect(embed.getByTestId('tab-strides')).toHaveText('Strides');
  await expect(embed.getByTestId('step-count')).toHaveText(`Step ${count} of ${count}`);
  await expect(embed.getByTestId('caption')).not.toHaveText(/[\u4e00-\u9fff]/);
  await expect(embed.getByTestId('open-full')).toHaveText(/^Open in the playground/);
  await expect(embed.getByTestId('lang')).toHaveText(zh.languageName);
  await expect(embed.getByTestId('open-full')).toHaveAttribute('href', /lang=en$/);
  await expect(embed.getByTestId('summary')).toHaveText(summary);
  await embed.getByTestId('lang').click();
  await expect(embed.getByTestId('tab-strides')).toHaveText(zh.ui.views.strides);
  await expect(embed.getByTestId('open-full')).toHaveAttribute('href', /lang=zh$/);
});

test('compact: attributes set later change the view; typed text stays text', async ({ page }) => {
  const problems = watch(page);
  const embed = await openEmbed(page);
  const tc = await core();
  await setAttr(page, 'b', '3,2,1');
  await expect(embed.getByTestId('error')).toHaveText(tc.explain.broadcast([5, 3, 4, 1], [3, 2, 1]).error);
  await expect(embed.getByTestId('result-shape')).toHaveCount(0);
  await expect(embed.getByTestId('summary')).toHaveText('torch.add(a, b) · a (5, 3, 4, 1) · b (3, 2, 1)');
  await expect(embed.locator('.problem .failed')).toHaveText(zh.ui.errorLabel);
  await expect(embed.getByTestId('open-full')).toHaveAttribute('href', /b=3,2,1&/);
  await setAttr(page, 'b', '4,1');
  await expect(embed.getByTestId('result-shape')).toHaveText(torchSize(tc.broadcastShapes([5, 3, 4, 1], [4, 1])));
  await expect(embed.getByTestId('error')).toHaveCount(0);
  await setAttr(page, 'op', 'sub_');
  await setAttr(page, 'alpha', '2');
  await expect(embed.getByTestId('summary')).toHaveText(/^a\.sub_\(b, alpha=2\) · a \(5, 3, 4, 1\) · b \(4, 1\) → /);
  await setAttr(page, 'view', 'grad');
  await expect(embed.getByTestId('tab-grad')).toHaveAttribute('aria-selected', 'true');

  const hostile = '<img src=x onerror=alert(1)>';
  await setAttr(page, 'a', hostile);
  await expect(embed.getByTestId('summary')).toContainText(`a “${hostile}”`);
  await expect(embed.getByTestId('error')).toContainText("'<' where a size was expected");
  await expect(embed.locator('img')).toHaveCount(0);

  // compact is a property too, reflected to the attribute, and can be turned off and on.
  await page.evaluate((s) => { document.querySelector(s).compact = false; }, EMBED);
  await expect(embed).not.toHaveAttribute('compact');
  await expect(embed.getByTestId('shape-a')).toHaveValue(hostile);
  await expect(embed.locator('h1')).toBeVisible();
  await expect(embed.getByTestId('open-full')).toHaveCount(0);
  await page.evaluate((s) => { document.querySelector(s).compact = true; }, EMBED);
  await expect(embed).toHaveAttribute('compact', '');
  await expect(embed.getByTestId('shape-a')).toHaveCount(0);
  expect(await page.evaluate((s) => document.querySelector(s).compact, '#lesson-align')).toBe(false);
  expect(problems).toEqual([]);
});

test('compact: Tab reaches every control with a focus ring, and each has a name', async ({ page }) => {
  const embed = await openEmbed(page);
  const active = () => page.evaluate((s) => {
    const el = document.querySelector(s).shadowRoot.activeElement;
    if (el === null) return null;
    const style = getComputedStyle(el);
    return { id: el.getAttribute('data-testid'), outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  }, EMBED);
  await embed.getByTestId('lang').focus();
  const seen = [];
  for (let i = 0; i < 12; i++) {
    const at = await active();
    seen.push(at.id);
    expect(at.outline, `focus ring on ${at.id}`).not.toBe('none');
    expect(at.width, `focus ring on ${at.id}`).toBeGreaterThanOrEqual(2);
    if (at.id === 'diagram') break;
    await page.keyboard.press('Tab');
  }
  // At the last step Next is disabled, out of the Tab order.
  expect(seen).toEqual(['lang', 'open-full', 'tab-strides', 'reset', 'prev', 'play', 'speed', 'diagram']);
  // The diagram's cells answer the arrows, as in the full playground.
  await page.keyboard.press('ArrowRight');
  await expect(embed.getByTestId('reads')).not.toBeEmpty();
  const unnamed = await page.evaluate((s) => {
    const root = document.querySelector(s).shadowRoot;
    return [...root.querySelectorAll('a, input, select, textarea, button, [role="tab"], [tabindex="0"]')]
      .filter((el) => !el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby') && el.textContent.trim() === '')
      .map((el) => el.outerHTML.slice(0, 80));
  }, EMBED);
  expect(unnamed).toEqual([]);
  await expect(embed.getByRole('region', { name: zh.ui.summary })).toContainText('torch.add(a, b)');
  await expect(embed.getByRole('link', { name: `${zh.ui.openFull} ${zh.ui.newTab}` })).toBeVisible();
});
