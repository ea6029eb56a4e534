// Diagrams export as a standalone SVG file and as a PNG drawn on a canvas.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { open } from './helpers.js';

async function save(page, testid) {
  const download = page.waitForEvent('download');
  await page.getByTestId(testid).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

test('SVG export: a standalone file with the diagram’s text, title and no highlight or script', async ({ page }) => {
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=zh&theme=dark');
  await page.locator('[data-testid="diagram"] text[data-key="out:5"]').hover();
  const { name, bytes } = await save(page, 'export-svg');
  expect(name).toBe('tensorcast-strides-step5.svg');
  const text = bytes.toString('utf8');
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  expect(text).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(text).toContain('<title id="tc-title">步长示意图</title>');
  expect(text).toContain('f32_vaddc');
  expect(text).not.toContain('data-hl');
  expect(text).not.toMatch(/<script|on\w+=/i);
  // It parses as SVG, with the dark theme's background.
  const parsed = await page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return { error: doc.querySelector('parsererror') !== null, background: doc.querySelector('svg > rect')?.getAttribute('fill') };
  }, text);
  expect(parsed).toEqual({ error: false, background: '#0d1117' });
});

test('PNG export: a PNG at twice the size, the diagram with its text above it', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en&theme=light');
  // The step's diagram as shown: the box that crops the SVG to it.
  const size = await page.locator('[data-testid="diagram"] .viewport').evaluate((box) => [box.clientWidth, box.clientHeight]);
  const { name, bytes } = await save(page, 'export-png');
  expect(name).toBe('tensorcast-align-step6.png');
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // As wide as the diagram (or the text's minimum width), and taller: the call, the error and the caption head it.
  expect(bytes.readUInt32BE(16)).toBe(Math.max(size[0], 560) * 2);
  expect(bytes.readUInt32BE(20)).toBeGreaterThan(size[1] * 2 + 80);
  // Read back on a canvas: ink in the band above the diagram (the text), in the error's red among it.
  const ink = await page.evaluate(async (png) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(png)], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext('2d');
    g.drawImage(bitmap, 0, 0);
    const band = g.getImageData(0, 0, bitmap.width, 80 * 2).data;
    let dark = 0;
    let red = 0;
    for (let i = 0; i < band.length; i += 4) {
      if (band[i] < 128 && band[i + 1] < 128) dark++;
      if (band[i] > 150 && band[i + 1] < 90 && band[i + 2] < 90) red++;
    }
    return { dark, red };
  }, [...bytes]);
  expect(ink.dark).toBeGreaterThan(500);
  expect(ink.red).toBeGreaterThan(200);
});

/** The text nodes of an SVG file, parsed in the page. */
const svgTexts = (page, text) =>
  page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return { error: doc.querySelector('parsererror') !== null, texts: [...doc.querySelectorAll('text')].map((n) => n.textContent) };
  }, text);

test('an exported step carries the call, the step, its caption and the error as text', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&step=2&lang=en');
  const caption = await page.getByTestId('caption').textContent();
  const error = (await page.getByTestId('error').textContent()).trim();
  const { name, bytes } = await save(page, 'export-svg');
  expect(name).toBe('tensorcast-align-step3.svg');
  const { error: bad, texts } = await svgTexts(page, bytes.toString('utf8'));
  expect(bad).toBe(false);
  expect(texts[0]).toBe('torch.add(a, b) · a (5, 2, 4, 1) · b (3, 1, 1)');
  // Long lines are wrapped: joined, they are the page's texts.
  const joined = texts.join(' ');
  expect(joined).toContain(`✗ Error (PyTorch’s message) ${error}`);
  expect(joined).toContain('Alignment · Step 3 of 6');
  expect(joined).toContain(caption);
  // And the diagram's own words follow.
  expect(texts).toContain('= equal');
});

test('arrowheads are plain paths: no SVG 2 marker features that slide tools miss', async ({ page }) => {
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=grad&lang=en');
  const { bytes } = await save(page, 'export-svg');
  const text = bytes.toString('utf8');
  expect(text).not.toContain('auto-start-reverse');
  expect(text).not.toContain('context-stroke');
  expect(text).not.toContain('<marker');
  expect(text).not.toContain('marker-end');
  // Each arrow's line ends where its head's tip is.
  const arrows = await page.evaluate((t) => {
    const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
    return [...doc.querySelectorAll('line + path')].map((p) => {
      const line = p.previousElementSibling;
      const [x, y] = p.getAttribute('d').slice(1).split('L')[0].split(' ').map(Number);
      return [x - Number(line.getAttribute('x2')), y - Number(line.getAttribute('y2')), p.getAttribute('fill') === line.getAttribute('stroke')];
    });
  }, text);
  expect(arrows.length).toBeGreaterThan(0);
  for (const [dx, dy, same] of arrows) expect([Math.abs(dx) < 0.01, Math.abs(dy) < 0.01, same]).toEqual([true, true, true]);
});

test('all steps export as one tall file, with progress shown while it is made', async ({ page }) => {
  await open(page, 'a=5,1,4,1&b=3,1,1&op=add&view=strides&lang=zh');
  const { name, bytes } = await save(page, 'export-all-svg');
  expect(name).toBe('tensorcast-strides-steps1-5.svg');
  const { texts } = await svgTexts(page, bytes.toString('utf8'));
  for (let k = 1; k <= 5; k++) expect(texts).toContain(`步长 · 第 ${k} 步，共 5 步`);
  await expect(page.getByTestId('share-status')).toHaveText(`已保存 ${name}。`);

  // PNG: the progress bar counts the steps as they are drawn.
  await page.getByTestId('tab-align').click();
  await page.evaluate(() => {
    const root = document.querySelector('tensorcast-playground').shadowRoot;
    window.progress = [];
    new MutationObserver(() => {
      const bar = root.querySelector('[data-testid="export-progress"]');
      if (bar !== null) window.progress.push(`${bar.value}/${bar.max}`);
    }).observe(root, { subtree: true, childList: true, attributes: true });
  });
  const png = await save(page, 'export-all-png');
  expect(png.name).toBe('tensorcast-align-steps1-7.png');
  const progress = [...new Set(await page.evaluate(() => window.progress))];
  expect(progress).toEqual(['1/7', '2/7', '3/7', '4/7', '5/7', '6/7', '7/7']);
  // Seven diagrams one under the other: far taller than one.
  const one = await page.locator('[data-testid="diagram"] .viewport').evaluate((box) => box.clientHeight);
  expect(png.bytes.readUInt32BE(20)).toBeGreaterThan(one * 2 * 6);
});

test('with a shape that cannot be read there is no diagram: the four export buttons are disabled, saying why, in both languages', async ({ page }) => {
  const buttons = ['export-svg', 'export-png', 'export-all-svg', 'export-all-png'];
  const reasons = {
    en: 'No diagram to export. Nothing to step through yet: the message above says what to change.',
    zh: '没有可导出的示意图。暂时没有可演示的步骤：请先按上面的提示修改输入。',
  };
  let downloads = 0;
  page.on('download', () => { downloads += 1; });
  for (const lang of ['en', 'zh']) {
    await open(page, `a=5,x&b=3,1,1&op=add&view=strides&lang=${lang}`);
    await expect(page.getByTestId('error')).toBeVisible();
    await expect(page.getByTestId('diagram')).toHaveCount(0);
    for (const id of buttons) {
      await expect(page.getByTestId(id)).toBeDisabled();
      await expect(page.getByTestId(id)).toHaveAccessibleDescription(reasons[lang]);
    }
  }
  // Readable again: the buttons come back, without a reason, and save the diagram.
  await page.getByTestId('shape-a').fill('5,1,4,1');
  await expect(page.getByTestId('diagram')).toBeVisible();
  for (const id of buttons) {
    await expect(page.getByTestId(id)).toBeEnabled();
    await expect(page.getByTestId(id)).toHaveAccessibleDescription('');
  }
  expect(downloads).toBe(0);
  const { name } = await save(page, 'export-svg');
  expect(name).toBe('tensorcast-strides-step5.svg');
});

test('copy link and copy embed code put the current state on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, 'a=5,2,4,1&b=3,1,1&op=mul&view=strides&step=0&lang=zh');
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-status')).toHaveText('已复制。');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).hash).toBe('#v=1&a=5,2,4,1&b=3,1,1&op=mul&view=strides&step=0&lang=zh');
  await page.getByTestId('copy-embed').click();
  const code = await page.evaluate(() => navigator.clipboard.readText());
  const origin = new URL(page.url()).origin;
  expect(code).toBe(`<script type="module" src="${origin}/tensorcast-playground.js"></script>\n` +
    '<tensorcast-playground a="5,2,4,1" b="3,1,1" op="mul" view="strides" step="0" lang="zh"></tensorcast-playground>');
  // The code works: pasted into a page, it shows the same state.
  await page.setContent(`<!doctype html><base href="${origin}/">${code}`);
  await page.waitForFunction(() => document.querySelector('tensorcast-playground')?.playground != null, null, { timeout: 30_000 });
  await expect(page.getByTestId('tab-strides')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('step-count')).toHaveText('第 1 步，共 1 步');
});

test('when the browser refuses to copy, the text is shown to copy by hand', async ({ page }) => {
  await open(page, 'a=2,3&b=3&op=add&lang=en');
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } }));
  await page.getByTestId('copy-link').click();
  await expect(page.getByTestId('share-status')).toContainText('Could not copy');
  await expect(page.getByTestId('copy-text')).toHaveValue(/#v=1&a=2,3&b=3&op=add&view=align&lang=en$/);
});

// Every character a field can hold, and what XML 1.0 cannot: each C0 control,
// unpaired surrogates, U+FFFE and U+FFFF, beside markup and a pair.
const HOSTILE = `${Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('')}\ud800\udc00x\ud83d\ufffe\uffff<&]]>"'😀`;

/** Parses a file with the browser's XML parser (a conforming one: a character XML cannot hold is a fatal error). */
const xmlErrors = (page, text) => page.evaluate((t) => {
  const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
  return doc.querySelector('parsererror')?.textContent ?? null;
}, text);

test('exports of hostile text are well-formed XML: each C0 control shows as its Control Picture, in every view and in all steps', async ({ page }) => {
  // The parser can fail: a control character, even as a character reference, is refused.
  expect(await xmlErrors(page, '<svg xmlns="http://www.w3.org/2000/svg"><text>\u0001</text></svg>')).not.toBeNull();
  expect(await xmlErrors(page, '<svg xmlns="http://www.w3.org/2000/svg"><text>&#1;</text></svg>')).not.toBeNull();
  // The fields whose message is written into the file above the diagram: alpha's whole text, and the first value that is not a number.
  for (const [field, hash] of [['alpha', 'a=5,1,4,1&b=3,1,1&op=add'], ['values-a', 'a=2,3&b=3&op=mul&fa=custom&va=1']]) {
    await open(page, `${hash}&lang=en`);
    await page.getByTestId(field).fill(`1 ${HOSTILE}`);
    await expect(page.getByTestId('error').or(page.locator('.notice')).first()).toBeVisible();
    let files = 0;
    for (const view of ['align', 'strides', 'grad', 'inplace']) {
      await page.getByTestId(`tab-${view}`).click();
      if ((await page.getByTestId('diagram').count()) === 0) continue;
      for (const button of ['export-svg', 'export-all-svg']) {
        const { name, bytes } = await save(page, button);
        const text = bytes.toString('utf8');
        expect(await xmlErrors(page, text), `${field} ${view} ${name}`).toBeNull();
        // The echoed text is in the file, its controls made visible one for one.
        expect(text, `${field} ${view} ${name}`).toContain(field === 'alpha' ? '\u2400\u2401\u2402\u2403' : '\u2401');
        expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
        files++;
      }
    }
    expect(files, field).toBeGreaterThanOrEqual(4);
  }
});
