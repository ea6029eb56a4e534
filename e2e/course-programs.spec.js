// Every course program of the fixtures (tests/js/fixtures/course/*.py, each
// checked against PyTorch by tests/js/program.test.js) opens in the code
// mode, and each of its lines can be picked (Ctrl+Enter) without an error
// on the page: the views take every kind of call the language runs.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openCode, pasteCode, settled, watch } from './helpers.js';

const COURSE = new URL('../tests/js/fixtures/course/', import.meta.url);

for (const file of readdirSync(COURSE).filter((f) => f.endsWith('.py')).sort()) {
  test(`course program ${file}: every line can be picked`, async ({ page }) => {
    const problems = watch(page);
    // A view that throws is caught and warned about (playground.ts, code-mode.ts, program-runner.ts):
    // those warnings count here too (not the core's UserWarnings, which the page passes on).
    page.on('console', (m) => {
      if (m.type() === 'warning' && /^(program views|code editor|tensorcast: )/.test(m.text())) problems.push(`warning: ${m.text()}`);
    });
    await openCode(page, 'lang=en');
    const code = readFileSync(new URL(file, COURSE), 'utf8');
    await pasteCode(page, code);
    await page.waitForFunction((text) => document.querySelector('tensorcast-playground').program?.run?.code === text, code);
    const lines = page.locator('.cm-line');
    const count = await lines.count();
    for (let i = 0; i < count; i++) {
      await lines.nth(i).click();
      await page.keyboard.press('ControlOrMeta+Enter');
      await settled(page);
    }
    expect(problems).toEqual([]);
  });
}
