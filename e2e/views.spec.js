// Operands that are views (a view chain typed beside the shape): the strides
// view shows the view's strides over its base's storage, the engine's plan
// reorders for them, hovering a cell shows its offset sum next to it, and a
// chain that cannot be read or made gets a message, never a crash. Every
// number is checked against the package's own views and traces.
import { expect, test } from '@playwright/test';
import { en } from '../web/src/i18n/en.ts';
import { zh } from '../web/src/i18n/zh.ts';
import { core, expectTipByCell, open, settled, watch } from './helpers.js';

/** The op's trace for a = arange(base).<view>, b = zeros(bShape). */
async function traced(base, makeView, bShape) {
  const tc = await core();
  return tc.tidy(() => {
    const a = makeView(tc.arange(base.reduce((p, s) => p * s, 1), { dtype: 'float32' }).reshape(base));
    return { stride: a.stride(), offset: a.storageOffset, shape: a.shape, trace: tc.explain.op('add', a, tc.zeros(bShape)).trace };
  });
}

const rowOf = (page, name) => page.locator('table.strides tr').filter({ has: page.locator('th', { hasText: new RegExp(`^${name}$`) }) });

test('a .T operand: the view’s shape and strides over the base’s storage, and a reordered plan', async ({ page }) => {
  const problems = watch(page);
  const a = await traced([2, 3], (t) => t.transpose(0, 1), [3, 1]);
  expect(a.stride).toEqual([1, 3]);
  await open(page, 'a=2,3&ta=.T&b=3,1&op=add&view=strides&lang=en');
  await expect(page.getByTestId('view-a')).toHaveValue('.T');
  await expect(page.getByTestId('sees-a')).toHaveText('the op sees (3, 2)');
  const row = rowOf(page, 'a');
  await expect(row.locator('td').nth(0)).toHaveText('(3, 2)');
  await expect(row.locator('td').nth(1)).toHaveText(`(${a.stride.join(', ')})`);
  // The storage is the base's: six cells, in the base's order.
  await expect(page.getByTestId('diagram')).toContainText('a.T is a view of this storage (shape (2, 3)), starting at cell 0');
  // The plan: the core sorted the dims by stride, so the loop order is not the dims' own.
  const order = a.trace.plan.order;
  expect(order).not.toEqual([...order].sort((x, y) => y - x));
  await page.getByTestId('reset').click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('caption')).toContainText(`innermost first, dims ${order.join(', ')} instead of ${[...order].sort((x, y) => y - x).join(', ')}`);
  await expect(page.getByTestId('caption')).toContainText('TensorIterator');
  // The kernel's name is a detail, not the caption.
  await page.keyboard.press('End');
  await expect(page.getByTestId('caption')).not.toContainText(a.trace.kernel);
  await expect(page.getByTestId('kernel-detail')).toContainText(a.trace.kernel);
  // The alignment view names the view, with the view's sizes.
  await page.getByTestId('tab-align').click();
  await expect(page.getByTestId('diagram').locator('text').filter({ hasText: /^a\.T\s+\(3, 2\)$/ })).toHaveCount(1);
  expect(problems).toEqual([]);
});

test('hovering a cell shows its offset sum next to it, with the view’s strides and storage offset', async ({ page }) => {
  const a = await traced([3, 4], (t) => t.narrow(1, 1, 2), [2, 1, 1]);
  expect(a.offset).toBe(1);
  await open(page, 'a=3,4&ta=[:, 1:3]&b=2,1,1&op=add&view=strides&lang=en');
  await expect(page.getByTestId('diagram')).toContainText(`a[:, 1:3] is a view of this storage (shape (3, 4)), starting at cell ${a.offset}`);
  const outShape = a.trace.operands[0].shape;
  const op = a.trace.operands[1];
  for (const flat of [0, 3, 7, 10]) {
    const index = outShape.map((_, d) => Math.floor(flat / outShape.slice(d + 1).reduce((p, s) => p * s, 1)) % outShape[d]);
    const cell = index.reduce((sum, i, d) => sum + i * op.expandedStrides[d], op.offset);
    const terms = [String(op.offset), ...index.map((i, d) => `${i}·${op.expandedStrides[d]}`)].join(' + ');
    const target = page.locator(`[data-testid="diagram"] text[data-key="out:${flat}"]`);
    await target.hover();
    const tip = page.getByTestId('formula');
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(`out[${index.join(', ')}] reads a at ${terms} = ${cell}`);
    // The sum's cell is the one the hover marks in a's storage.
    await expect(page.locator(`[data-testid="diagram"] rect[data-hl="on"][data-key="a:s:${cell}"]`)).toHaveCount(1);
    // Next to the cell: level with its row, just past the grid's last column; or just below or above it.
    await expectTipByCell(page, `out:${flat}`);
  }
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('formula')).toBeHidden();
});

test('in a diagram scaled up (large) or down (fit) the offset sum still sits by the hovered cell', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await open(page, 'a=3,1&b=4&op=add&view=strides&lang=en');
  const el = page.locator('tensorcast-playground');
  const scale = () => el.getByTestId('diagram').evaluate((box) => {
    const view = box.querySelector('.viewport');
    return view.getBoundingClientRect().width / view.offsetWidth;
  });
  for (const [name, value, scaled] of [['large', '', (s) => s > 1.3], ['fit', '200px', (s) => s < 0.6]]) {
    await el.evaluate((e, [n, v]) => { e.setAttribute(n, v); return e.updateComplete; }, [name, value]);
    expect(scaled(await scale()), `${name}: ${await scale()}`).toBe(true);
    for (const flat of [0, 6, 11]) {
      await el.locator(`[data-testid="diagram"] text[data-key="out:${flat}"]`).hover();
      await expectTipByCell(page, `out:${flat}`);
    }
    await el.evaluate((e, n) => { e.removeAttribute(n); return e.updateComplete; }, name);
  }
});

test('on a phone the offset sum still sits by the hovered cell', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await open(page, 'a=2,3&ta=.T&b=3,1&op=add&view=strides&lang=zh');
  const diagram = page.getByTestId('diagram');
  await diagram.focus();
  await page.keyboard.press('End');
  const tip = page.getByTestId('formula');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('out[2, 1] 读取 a 的单元 2·1 + 1·3 = 5');
  const cellBox = await page.locator('[data-testid="diagram"] rect[data-hl="on"][data-key="out:5"]').boundingBox();
  const tipBox = await tip.boundingBox();
  // Below or above the cell, overlapping its column, inside the phone's width.
  expect(tipBox.x).toBeLessThanOrEqual(cellBox.x + cellBox.width);
  expect(tipBox.x + tipBox.width).toBeGreaterThanOrEqual(cellBox.x);
  expect(Math.min(Math.abs(tipBox.y - cellBox.y - cellBox.height), Math.abs(cellBox.y - tipBox.y - tipBox.height))).toBeLessThan(12);
  await context.close();
});

test('a chain typed in the field goes into the link and comes back from it', async ({ page }) => {
  await open(page, 'a=2,3&b=3,2&op=add&view=strides&lang=en');
  await page.getByTestId('view-a').fill('.T');
  await settled(page);
  await expect(rowOf(page, 'a').locator('td').nth(1)).toHaveText('(1, 3)');
  await expect.poll(() => page.evaluate(() => location.hash)).toContain('ta=.T');
  await page.reload();
  await expect(page.getByTestId('view-a')).toHaveValue('.T');
  await expect(page.getByTestId('sees-a')).toHaveText('the op sees (3, 2)');
});

test('a slice with a step is a view of its own, with PyTorch’s strides', async ({ page }) => {
  await open(page, `a=2,3&ta=${encodeURIComponent('[:, ::2]')}&b=2&op=add&view=strides&lang=en`);
  await settled(page);
  await expect(rowOf(page, 'a').locator('td').nth(1)).toHaveText('(3, 2)');
  await expect(page.getByTestId('sees-a')).toHaveText('the op sees (2, 2)');
});

test('bad chains give a message in either language, and no crash', async ({ page }) => {
  const problems = watch(page);
  const tc = await core();
  const refused = tc.tidy(() => {
    try {
      tc.zeros([2, 3]).transpose(0, 5);
    } catch (e) {
      return e.message;
    }
    return null;
  });
  const cases = [
    ['.foo()', en.chain.unknown('foo')],
    ['.T(', en.chain.unexpected(3, '(')],
    ['[:, 1', en.chain.unclosed('[', 1)],
    ['.transpose(0, 5)', refused],
    ['[[0, 1]]', en.chain.copy('a[[0, 1]]', '[0, 1]')],
    ['[1.5]', en.chain.pytorch('only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got float)')],
    ['[7]', 'index 7 is out of bounds for dimension 0 with size 2'],
    ['.T; alert(1)', en.chain.unexpected(3, ';')],
  ];
  await open(page, 'a=2,3&b=3&op=add&view=strides&lang=en');
  for (const [chain, message] of cases) {
    await page.getByTestId('view-a').fill(chain);
    await settled(page);
    await expect(page.getByTestId('error')).toHaveText(message);
    await expect(page.getByTestId('diagram')).toHaveCount(0);
  }
  // A fresh page: the link the last edit is still writing must not race the new one.
  await page.goto('about:blank');
  await open(page, `a=2,3&ta=${encodeURIComponent('.foo()')}&b=3&op=add&view=align&lang=zh`);
  await expect(page.getByTestId('error')).toHaveText(zh.chain.unknown('foo'));
  // Cleared, the operand is itself again.
  await page.getByTestId('view-a').fill('');
  await settled(page);
  await expect(page.getByTestId('result-shape')).toHaveText('torch.Size([2, 3])');
  expect(problems).toEqual([]);
});

test('each role of a size looks its own in the alignment view: the kept 4 is not “equal” to the stretched 1', async ({ page }) => {
  for (const lang of ['en', 'zh']) {
    const m = lang === 'en' ? en : zh;
    await open(page, `a=4,3&b=1,3&op=add&view=align&lang=${lang}&theme=light`);
    const diagram = page.getByTestId('diagram');
    for (const role of ['equal', 'kept', 'stretched', 'missing', 'conflict', 'now']) await expect(diagram).toContainText(m.roles[role]);
    // Glyphs: the legend's one for each, plus the cells: a's 4 kept, b's 1 stretched, both 3s equal.
    const glyphs = await diagram.locator('text').evaluateAll((els) => els.map((e) => e.textContent));
    const count = (g) => glyphs.filter((t) => t === g).length;
    expect([count('↓'), count('↔'), count('='), count('+'), count('✗')]).toEqual([2, 2, 3, 1, 1]);
  }
});

test('the other views take a view operand too: its gradient has the view’s shape, and writing into an expanded view is refused as PyTorch refuses it', async ({ page }) => {
  const problems = watch(page);
  const tc = await core();
  const { grad, refused } = tc.tidy(() => {
    const leaf = tc.tensor(tc.arange(6, { dtype: 'float32' }).reshape(2, 3).transpose(0, 1).data(), { dtype: 'float32', shape: [3, 2], requiresGrad: true });
    leaf.add(tc.arange(3, { dtype: 'float32' }).reshape(3, 1)).sum().backward();
    let message = null;
    try {
      tc.ones([3, 1]).expand(3, 4).add_(tc.ones([4]));
    } catch (e) {
      message = e.message;
    }
    return { grad: Array.from(leaf.grad.data()), refused: message };
  });
  await open(page, 'a=2,3&ta=.T&b=3,1&op=add&view=grad&lang=en');
  await expect(page.getByTestId('grad-a')).toHaveText(grad.join(', '));
  await expect(page.getByTestId('grad-b')).toHaveText('2, 2, 2');
  await page.goto('about:blank');
  await open(page, `a=3,1&ta=${encodeURIComponent('.expand(3, 4)')}&b=4&op=add_&view=inplace&lang=en`);
  await expect(page.getByTestId('error').first()).toHaveText(refused);
  expect(problems).toEqual([]);
});
