import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
await page.goto(process.argv[2]);
await page.waitForFunction(() => performance.getEntriesByName('tensorcast:first-render').length > 0);
console.log(await page.evaluate(() => {
  const root = document.querySelector('tensorcast-playground').shadowRoot;
  const all = root.querySelectorAll('*');
  const counts = {};
  for (const e of all) counts[e.tagName] = (counts[e.tagName] ?? 0) + 1;
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) { root.querySelector('.app').style.width = (380 + i) + 'px'; root.querySelector('.app').offsetHeight; }
  return { n: all.length, counts: Object.entries(counts).sort((a,b)=>b[1]-a[1]).slice(0,15), layout5: performance.now() - t0, styles: root.adoptedStyleSheets.map(s=>s.cssRules.length) };
}));
await browser.close();
