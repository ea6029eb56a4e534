// Measures (never asserts) how long the playground takes: the first render
// after navigation, every step of every view (first draw and again), and a
// hover in the strides view, for outputs of up to 4,096 elements. The numbers
// are printed for the report with the machine's load average, since other
// work shares its two cores; the test checks only that each case rendered
// the right result.
//
// npm test runs it shortened, as it does the soak: the first case and
// where's (two operands and three, every view), for a third of the time;
// the measurement is `npm run perf` (TC_PERF=all), every case. That each
// case computes its result and steps without a page is
// tests/web/perf-cases.test.js.
import { loadavg } from 'node:os';
import { expect, test } from '@playwright/test';
import { PERF_CASES, PERF_CASES_SHORT, perfHash } from '../tests/web/perf-cases.js';
import { core, ready, torchSize } from './helpers.js';

const CASES = process.env.TC_PERF === 'all' ? PERF_CASES : PERF_CASES_SHORT;
const VIEWS = ['align', 'strides', 'grad', 'inplace'];

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(1)}`.padStart(5);

// In the page. The work one action costs: from the event until the component
// has rendered, plus the browser's rendering of the next frame (style, layout,
// paint: from its animation-frame callback until a message posted there is
// delivered). The wait for the frame itself is left out: it is idle time.
function afterPaint(t0, rendered) {
  return new Promise((resolve) => requestAnimationFrame(() => {
    const frame = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(rendered - t0 + performance.now() - frame);
    channel.port2.postMessage(null);
  }));
}

function timeStep([testid, fns]) {
  const after = new Function(`return ${fns}`)();
  const el = document.querySelector('tensorcast-playground');
  const button = el.shadowRoot.querySelector(`[data-testid="${testid}"]`);
  const t0 = performance.now();
  button.click();
  return el.updateComplete.then(() => after(t0, performance.now()));
}

function timeHover([flat, fns]) {
  const after = new Function(`return ${fns}`)();
  const el = document.querySelector('tensorcast-playground');
  const cell = el.shadowRoot.querySelector(`[data-testid="diagram"] text[data-key="out:${flat}"]`);
  const { left, top, width, height } = cell.getBoundingClientRect();
  const t0 = performance.now();
  cell.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, composed: true, clientX: left + width / 2, clientY: top + height / 2 }));
  return after(t0, performance.now());
}

// In the page: resolves once the browser has had three idle periods in a row
// with nearly a frame's time to spare (the page has nothing left to do).
function settle() {
  return new Promise((resolve) => {
    let quiet = 0;
    const tick = (deadline) => {
      quiet = deadline.timeRemaining() >= 40 ? quiet + 1 : 0;
      if (quiet >= 3) resolve();
      else requestIdleCallback(tick);
    };
    requestIdleCallback(tick);
  });
}

const stepCount = (page) => page.evaluate(() => document.querySelector('tensorcast-playground').playground.steps.length);

test('first render, step and hover times up to 4,096 elements (printed, not asserted)', async ({ page }) => {
  test.setTimeout(600_000);
  const tc = await core();
  const loadBefore = loadavg();
  const fns = afterPaint.toString();
  const rows = [];
  const all = { cold: [], first: [], again: [], hover: [] };
  const byView = Object.fromEntries(VIEWS.map((v) => [v, []]));
  for (const perfCase of CASES) {
    const { a, b, c, op = 'add' } = perfCase;
    const shape = c === undefined ? tc.broadcastShapes(a, b) : tc.broadcastShapes(c, a, b);
    const numel = shape.reduce((p, s) => p * s, 1);
    for (const view of VIEWS) {
      const url = `/#${perfHash(perfCase, view)}`;
      // From the first step, so that every later step is drawn for the first time when it is clicked:
      // at once after the page appears, and once the page has been idle (and drawn the steps ahead).
      await page.goto('about:blank');
      await page.goto(url);
      await ready(page);
      await expect(page.getByTestId('result-shape')).toHaveText(torchSize(shape));
      const firstRender = await page.evaluate(() => performance.getEntriesByName('tensorcast:first-render')[0].startTime);
      const n = await stepCount(page);
      const cold = [];
      for (let i = 1; i < n; i++) cold.push(await page.evaluate(timeStep, ['next', fns]));
      await page.goto('about:blank');
      await page.goto(url);
      await ready(page);
      await page.evaluate(settle);
      const first = [];
      for (let i = 1; i < n; i++) first.push(await page.evaluate(timeStep, ['next', fns]));
      first.push(await page.evaluate(timeStep, ['reset', fns]));
      const again = [];
      for (let i = 1; i < n; i++) again.push(await page.evaluate(timeStep, ['next', fns]));
      let hover = [];
      if (view === 'strides') {
        const cells = await page.locator('[data-testid="diagram"] text[data-key^="out:"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key').slice(4)));
        const picked = cells.filter((_, i) => i % Math.max(1, Math.floor(cells.length / 25)) === 0);
        for (const flat of picked) hover.push(await page.evaluate(timeHover, [Number(flat), fns]));
        expect(hover.length).toBeGreaterThan(0);
      }
      for (const v of [firstRender, ...cold, ...first, ...again, ...hover]) expect(Number.isFinite(v)).toBe(true);
      all.cold.push(...cold);
      all.first.push(...first);
      all.again.push(...again);
      all.hover.push(...hover);
      byView[view].push(...cold, ...first, ...again);
      const stat = (xs) => (xs.length === 0 ? '' : `${fmt(median(xs))} / ${fmt(Math.max(...xs))}`);
      rows.push(`  ${`${op} ${[c, a, b].filter(Boolean).map((s) => s.join('x')).join(' ')} -> ${numel}`.padEnd(34)} ${view.padEnd(8)} first render ${fmt(firstRender)}   steps: at once ${stat(cold)}   settled ${stat(first)}   again ${stat(again)}${hover.length > 0 ? `   hover ${stat(hover)}` : ''}`);
    }
  }
  const loadAfter = loadavg();
  const summary = (xs) => `median ${median(xs).toFixed(1)} ms, worst ${Math.max(...xs).toFixed(1)} ms, ${xs.filter((x) => x > 16).length} of ${xs.length} over 16 ms`;
  console.log(`\nplayground timings in ms (median / worst), ${CASES.length} of ${PERF_CASES.length} cases${CASES === PERF_CASES ? '' : ' (npm run perf: all)'}; load average ${loadBefore.map((x) => x.toFixed(2)).join(' ')} before, ${loadAfter.map((x) => x.toFixed(2)).join(' ')} after`);
  console.log('  first render: from navigation start; a step or hover: the event until rendered, plus the next frame\'s style, layout and paint');
  console.log('  steps from the first: "at once" clicked as soon as the page shows, "settled" once it has been idle, "again" a second time');
  for (const r of rows) console.log(r);
  console.log(`  every step, at once:    ${summary(all.cold)}`);
  console.log(`  every step, settled:    ${summary(all.first)}`);
  console.log(`  every step, again:      ${summary(all.again)}`);
  for (const v of VIEWS) console.log(`  ${v.padEnd(8)} steps:        ${summary(byView[v])}`);
  console.log(`  hover:                  ${summary(all.hover)}`);
});
