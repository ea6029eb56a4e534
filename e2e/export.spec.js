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

test('PNG export: a PNG twice the diagram’s size', async ({ page }) => {
  await open(page, 'a=5,2,4,1&b=3,1,1&op=add&view=align&lang=en&theme=light');
  // The step's diagram as shown: the box that crops the SVG to it.
  const size = await page.locator('[data-testid="diagram"] .viewport').evaluate((box) => [box.clientWidth, box.clientHeight]);
  const { name, bytes } = await save(page, 'export-png');
  expect(name).toBe('tensorcast-align-step6.png');
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size[0] * 2, size[1] * 2]);
});
