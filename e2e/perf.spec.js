// Measures (never asserts) how long the playground takes: the first render
// after navigation, a step, and a hover in the strides view, for outputs of
// up to 4,096 elements. The numbers are printed for the report; the test
// checks only that each case rendered the right result.
import { expect, test } from '@playwright/test';
import { core, ready, torchSize } from './helpers.js';

const CASES = [
  { a: [8, 8], b: [8, 1] },
  { a: [32, 32], b: [32, 1] },
  { a: [64, 64], b: [1, 64] },
  { a: [8, 8, 8, 8], b: [8, 1, 8, 1] },
  { a: [4096], b: [1] },
];

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(1)} ms`;

// In the page: the time to handle a click on a player button until the
// component has rendered, and until the next frame after it.
function timeStep(testid) {
  const el = document.querySelector('tensorcast-playground');
  const button = el.shadowRoot.querySelector(`[data-testid="${testid}"]`);
  const t0 = performance.now();
  button.click();
  return el.updateComplete.then(() => {
    const rendered = performance.now() - t0;
    return new Promise((resolve) => requestAnimationFrame(() => resolve([rendered, performance.now() - t0])));
  });
}

function timeHover(flat) {
  const el = document.querySelector('tensorcast-playground');
  const cell = el.shadowRoot.querySelector(`[data-testid="diagram"] rect[data-key="out:${flat}"]`);
  const t0 = performance.now();
  cell.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
  const handled = performance.now() - t0;
  return new Promise((resolve) => requestAnimationFrame(() => resolve([handled, performance.now() - t0])));
}

test('first render, step and hover times up to 4,096 elements (printed, not asserted)', async ({ page }) => {
  test.setTimeout(300_000);
  const tc = await core();
  const rows = [];
  for (const { a, b } of CASES) {
    const shape = tc.broadcastShapes(a, b);
    const numel = shape.reduce((p, s) => p * s, 1);
    for (const view of ['align', 'strides', 'grad']) {
      await page.goto('about:blank');
      await page.goto(`/#a=${a.join(',')}&b=${b.join(',')}&op=add&view=${view}&lang=en`);
      await ready(page);
      await expect(page.getByTestId('result-shape')).toHaveText(torchSize(shape));
      const first = await page.evaluate(() => performance.getEntriesByName('tensorcast:first-render')[0].startTime);
      await page.getByTestId('reset').click();
      const steps = [];
      for (let i = 0; i < 4; i++) steps.push(await page.evaluate(timeStep, 'next'));
      steps.push(await page.evaluate(timeStep, 'reset'));
      let hover = null;
      if (view === 'strides') {
        await page.getByTestId('next').click();
        const cells = await page.locator('[data-testid="diagram"] rect[data-key^="out:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key').slice(4)));
        const times = [];
        for (const flat of cells.filter((_, i) => i % Math.max(1, Math.floor(cells.length / 25)) === 0)) times.push(await page.evaluate(timeHover, Number(flat)));
        expect(times.length).toBeGreaterThan(0);
        hover = { handled: median(times.map((t) => t[0])), frame: median(times.map((t) => t[1])), max: Math.max(...times.map((t) => t[0])) };
      }
      rows.push({
        case: `${a.join('x')} + ${b.join('x')} -> ${numel}`,
        view,
        first: fmt(first),
        step: `${fmt(median(steps.map((s) => s[0])))} (max ${fmt(Math.max(...steps.map((s) => s[0])))}), next frame ${fmt(median(steps.map((s) => s[1])))}`,
        hover: hover === null ? '' : `${fmt(hover.handled)} (max ${fmt(hover.max)}), next frame ${fmt(hover.frame)}`,
      });
      for (const v of [first, ...steps.flat()]) expect(Number.isFinite(v)).toBe(true);
    }
  }
  console.log('\nplayground timings (first render from navigation start; step = click until rendered; hover = handler time; medians):');
  for (const r of rows) console.log(`  ${r.case.padEnd(28)} ${r.view.padEnd(8)} first ${r.first.padStart(9)}  step ${r.step}${r.hover ? `  hover ${r.hover}` : ''}`);
});
