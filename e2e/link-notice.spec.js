// A link or an embedding page that asks for something the playground cannot
// show as asked gets a notice saying so, in the page's language, and what
// the page shows instead (web/src/model/link-problems.ts): an unreadable
// program (bad base64, not deflate, not UTF-8, too long, a deflate bomb) or
// an example the page does not have leaves the editor empty; a value it
// cannot read is left at its default. Never the default example in silence.
import { mkdir } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { MAX_LINK_CODE, packCode } from '../web/src/model/code-link.ts';
import { EXAMPLE_PROGRAM, open, openCode, ready, watch } from './helpers.js';

const DIR = new URL('./screenshots/', import.meta.url);

/** Bytes deflated as a link packs a program, in base64url: for links packCode would never write. */
async function deflated(bytes) {
  const packed = await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer();
  return Buffer.from(packed).toString('base64url');
}

/** Opens the code mode at a hash as a new page load (a hash-only goto would be a same-document navigation). */
async function load(page, hash) {
  await page.goto('about:blank');
  await openCode(page, hash);
}

const program = (page) => page.evaluate(() => document.querySelector('tensorcast-playground').program?.code ?? null);
const notice = (page) => page.getByTestId('link-notice');

/** The unreadable links, each with the words its notice must have in each language. */
async function unreadable() {
  const whole = await packCode(EXAMPLE_PROGRAM);
  return [
    { name: 'bad base64', code: '%3Cimg%20src%3Dx%3E', en: 'characters that a link’s program never has', zh: '不会有的字符' },
    { name: 'cut short', code: whole.slice(0, Math.floor(whole.length / 2)), en: 'incomplete or damaged', zh: '不完整或已损坏' },
    { name: 'not deflate', code: 'eJzLSM3JyQcABiwCFQ', en: 'incomplete or damaged', zh: '不完整或已损坏' },
    { name: 'not UTF-8', code: await deflated(new Uint8Array([0x69, 0x6d, 0xff, 0xfe])), en: 'does not unpack to text', zh: '解压后不是文本' },
    { name: 'deflate bomb', code: await deflated(new Uint8Array(MAX_LINK_CODE * 40).fill(0x23)), en: 'longer than 1,048,576 characters', zh: '超过 1,048,576 个字符' },
  ];
}

test('an unreadable program in a link: the editor is left empty and a notice says why, in both languages', async ({ page }) => {
  const problems = watch(page);
  for (const { name, code, en, zh } of await unreadable()) {
    for (const [lang, words] of [['en', en], ['zh', zh]]) {
      await load(page, `lang=${lang}&code=${code}`);
      await expect(notice(page), name).toBeVisible();
      await expect(notice(page), name).toContainText(words);
      await expect(notice(page), name).toContainText(lang === 'en' ? 'The editor is left empty' : '编辑器保持为空');
      expect(await program(page), name).toBe('');
    }
  }
  // The notice goes when dismissed; the page goes on working.
  await page.getByTestId('link-notice-dismiss').click();
  await expect(notice(page)).toHaveCount(0);
  await page.getByTestId('code-preset').selectOption('softmax');
  await expect(page.getByTestId('inline-value').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a link naming an example the page does not have: the editor is left empty, and the notice names it', async ({ page }) => {
  await load(page, 'preset=no-such-example');
  await expect(notice(page)).toContainText('“no-such-example”');
  expect(await program(page)).toBe('');
  // Markup in the name is shown as the characters typed.
  await load(page, `preset=${encodeURIComponent('<img src=x onerror="window.pwned=1">')}&lang=zh`);
  await expect(notice(page)).toContainText('<img src=x onerror="window.pwned=1">');
  await expect(notice(page)).toContainText('演示中没有这个示例');
  expect(await page.evaluate(() => window.pwned)).toBeUndefined();
});

test('a readable link has no notice: the program, the preset and the line open as asked', async ({ page }) => {
  await load(page, `code=${await packCode(EXAMPLE_PROGRAM)}&line=5`);
  expect(await program(page)).toBe(EXAMPLE_PROGRAM);
  await expect(page.getByTestId('line-op')).toContainText('Line 5');
  await load(page, 'preset=softmax');
  await expect(page.getByTestId('code-preset')).toHaveValue('softmax');
  await open(page, 'a=2,3&b=3&op=mul&view=grad&lang=zh');
  await expect(notice(page)).toHaveCount(0);
});

test('values a link cannot use: each is named with what the page shows instead; a line that is no line number too', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=frobnicate&view=3d&step=two&lang=en');
  await expect(page.getByTestId('link-problem')).toHaveText([
    '“op=frobnicate” cannot be used here, so the playground shows op=add instead.',
    '“view=3d” cannot be used here, so the playground shows view=align instead.',
    '“step=two” cannot be used here, so the playground ignores it.',
  ]);
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');
  // A step past the last: the last is shown, and said (steps count from 0 in a link).
  await open(page, 'a=2,3&b=3&op=add&view=strides&step=99&lang=en');
  const count = await page.getByTestId('step-count').textContent();
  const last = Number(/of (\d+)/.exec(count)[1]);
  expect(count).toBe(`Step ${last} of ${last}`);
  await expect(page.getByTestId('link-problem')).toHaveText([`“step=99” cannot be used here, so the playground shows step=${last - 1} instead.`]);
  await open(page, 'a=2,3&b=3&op=mul&mode=sql&lang=zh');
  await expect(page.getByTestId('link-problem')).toHaveText(['“mode=sql”无法使用，演示改用 mode=shapes。']);
  await load(page, `code=${await packCode(EXAMPLE_PROGRAM)}&line=first`);
  await expect(page.getByTestId('link-problem')).toHaveText(['“line=first” cannot be used here, so the playground ignores it.']);
  expect(await program(page)).toBe(EXAMPLE_PROGRAM);
  // Following another link replaces the notice with that link's.
  await page.evaluate(() => { location.hash = '#a=2,3&b=3&op=add&lang=en'; });
  await expect(notice(page)).toHaveCount(0);
});

test('an embedding page\'s attributes it cannot use: a notice in the element, what it shows instead', async ({ page }) => {
  const problems = watch(page);
  await page.goto('/course.html');
  await ready(page, '#lesson-align');
  await page.evaluate(() => {
    const el = document.createElement('tensorcast-playground');
    el.id = 'hostile';
    for (const [k, v] of Object.entries({ compact: '', a: '5,3', b: '3', op: 'frobnicate', steps: '0', fit: 'huge', 'playground-url': 'javascript:alert(1)', lang: 'en' })) el.setAttribute(k, v);
    document.body.append(el);
  });
  await ready(page, '#hostile');
  const box = page.locator('#hostile');
  await expect(box.getByTestId('link-notice')).toContainText('Part of what this page gives the playground could not be used:');
  await expect(box.getByTestId('link-problem')).toHaveText([
    '“op="frobnicate"” cannot be used here, so the playground shows op="add" instead.',
    '“steps="0"” cannot be used here, so the playground ignores it.',
    '“fit="huge"” cannot be used here, so the playground shows fit="" instead.',
    '“playground-url="javascript:alert(1)"” cannot be used here, so the playground ignores it.',
  ]);
  // The course page's own embeds say nothing.
  await expect(page.locator('#lesson-align').getByTestId('link-notice')).toHaveCount(0);
  // Corrected by the page, the notice goes.
  await page.evaluate(() => {
    const el = document.querySelector('#hostile');
    el.setAttribute('op', 'mul');
    el.removeAttribute('steps');
    el.removeAttribute('fit');
    el.removeAttribute('playground-url');
  });
  await expect(box.getByTestId('link-notice')).toHaveCount(0);
  expect(problems).toEqual([]);
});

// Screenshots for a person to look at (e2e/screenshots/, not committed): the notice on a phone and a laptop.
for (const [device, size] of [['phone', { width: 390, height: 844 }], ['laptop', { width: 1366, height: 768 }]]) {
  for (const lang of ['en', 'zh']) {
    test(`screenshot link-notice ${device} ${lang}`, async ({ page }) => {
      await mkdir(DIR, { recursive: true });
      await page.setViewportSize(size);
      const whole = await packCode(EXAMPLE_PROGRAM);
      await load(page, `lang=${lang}&code=${whole.slice(0, Math.floor(whole.length / 2))}`);
      await expect(notice(page)).toBeVisible();
      await page.screenshot({ path: new URL(`link-notice-${device}-${lang}.png`, DIR).pathname });
      await open(page, `a=2,3&b=3&op=frobnicate&view=3d&lang=${lang}`);
      await expect(notice(page)).toBeVisible();
      await page.screenshot({ path: new URL(`link-notice-values-${device}-${lang}.png`, DIR).pathname });
    });
  }
}
