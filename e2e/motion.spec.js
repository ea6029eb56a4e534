// A system that asks for reduced motion (prefers-reduced-motion: reduce):
// the player does not play through the steps (Play is off and says why; the
// P key does nothing), Next and Previous still step, and the page follows a
// change of the setting while it is open.
import { expect, test } from '@playwright/test';
import { open, settled, watch } from './helpers.js';

test('reduced motion: Play is off with the reason, P does nothing, Next still steps; back on when the setting changes', async ({ page }) => {
  const problems = watch(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 'a=5,3,4,1&b=3,1,1&op=add&view=align&step=1&lang=en');
  await expect(page.getByTestId('play')).toBeDisabled();
  await expect(page.getByTestId('play')).toHaveAttribute('title', 'Play is off: your system asks for reduced motion. Step with Next.');
  await expect(page.getByTestId('play-still')).toHaveText('Play is off: your system asks for reduced motion. Step with Next.');
  await expect(page.getByTestId('speed')).toHaveCount(0);
  const count = page.getByTestId('step-count');
  const before = await count.textContent();
  await page.locator('body').press('p');
  await page.waitForTimeout(3000);  // two steps' worth at the normal pace, had it played
  await expect(count).toHaveText(before);
  await page.getByTestId('next').click();
  await settled(page);
  await expect(count).not.toHaveText(before);
  // The reader turns the setting off: Play comes back and plays.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(page.getByTestId('play')).toBeEnabled();
  await expect(page.getByTestId('play-still')).toHaveCount(0);
  // (the same key that did nothing above: it plays now)
  await page.locator('body').press('p');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  // And on again while playing: playing stops.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('play')).toBeDisabled();
  expect(problems).toEqual([]);
});

test('reduced motion, in Chinese', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 'lang=zh');
  await expect(page.getByTestId('play-still')).toHaveText('系统设置要求减少动态效果，所以自动播放已关闭：请用“下一步”逐步查看。');
});
