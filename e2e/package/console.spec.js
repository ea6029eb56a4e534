// console.log(t) in Chromium, read as DevTools reads it (the Chrome DevTools
// Protocol's Runtime.consoleAPICalled): with custom formatters enabled, a
// tensor shows its repr, as Node's console and print() do, and opens onto
// shape, dtype, requiresGrad, gradFn and grad (Note [Tensors in the browser
// console] in bindings/ts/console-view.ts); other objects are left as
// DevTools shows them. The installed package, served as it is (no bundler).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { serveStatic } from '../static-server.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
let work;
let server;

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>
<body><pre id="result">loading</pre><script type="module" src="main.js"></script></body></html>`;
// Logs a matrix that requires grad (after backward, so that it has a grad),
// the result of an op (a gradFn), a disposed tensor and a plain object; then
// says it is done with the reprs String() gives.
const MAIN = `import { init } from './node_modules/tensorcast/index.js';
const tc = await init();
const w = tc.tensor([[1, 2], [3, 4]], { dtype: 'float32', requiresGrad: true });
const y = w.mul(2);
y.sum().backward();
const gone = tc.ones(2);
gone.dispose();
console.log(w);
console.log(y);
console.log(gone);
console.log({ plain: 1 });
document.getElementById('result').textContent = JSON.stringify([String(w), String(y), String(w.grad)]);
`;

test.beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'tensorcast-console-'));
  const app = join(work, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: join(root, 'dist') });
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(work, JSON.parse(stdout)[0].filename)], { cwd: app });
  await writeFile(join(app, 'index.html'), PAGE);
  await writeFile(join(app, 'main.js'), MAIN);
  server = await serveStatic(app);
});

test.afterAll(async () => {
  await server?.close();
  await rm(work, { recursive: true, force: true });
});

// The text of DevTools' markup (JsonML): what the console line reads.
const text = (ml) => (typeof ml === 'string' ? ml : Array.isArray(ml) ? ml.slice(2).map(text).join('') : '');

// Opens the page with a CDP session that sees console calls as DevTools
// does; returns the calls' first arguments and the page's reprs.
async function consoleOf(page, formatters) {
  const cdp = await page.context().newCDPSession(page);
  const logged = [];
  cdp.on('Runtime.consoleAPICalled', (event) => logged.push(event.args[0]));
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.setCustomObjectFormatterEnabled', { enabled: formatters });
  await page.goto(`${server.origin}/`);
  await expect(page.locator('#result')).not.toHaveText('loading', { timeout: 90_000 });
  const reprs = JSON.parse(await page.locator('#result').textContent());
  return { cdp, logged, reprs };
}

test('with custom formatters enabled, console.log(t) shows the repr and opens onto shape, dtype and grad', async ({ page }) => {
  const { cdp, logged, reprs } = await consoleOf(page, true);
  expect(reprs).toEqual([
    'tensor([[1., 2.],\n        [3., 4.]], requires_grad=True)',
    'tensor([[2., 4.],\n        [6., 8.]], grad_fn=<MulBackward0>)',
    'tensor([[2., 2.],\n        [2., 2.]])',
  ]);
  expect(logged).toHaveLength(4);
  const [w, y, gone, plain] = logged;
  expect(text(JSON.parse(w.customPreview.header))).toBe(reprs[0]);
  expect(text(JSON.parse(y.customPreview.header))).toBe(reprs[1]);
  expect(text(JSON.parse(gone.customPreview.header))).toBe('tensor(<disposed>)');
  expect(gone.customPreview.bodyGetterId).toBeUndefined();
  expect(plain.customPreview).toBeUndefined();
  expect(plain.preview.properties).toEqual([{ name: 'plain', type: 'number', value: '1' }]);
  // Expanding w, as a click on it in DevTools does: its body.
  const { result } = await cdp.send('Runtime.callFunctionOn', {
    functionDeclaration: 'function (getBody) { return getBody.call(this); }',
    objectId: w.objectId,
    arguments: [{ objectId: w.customPreview.bodyGetterId }],
    returnByValue: true,
  });
  const rows = result.value.slice(2);
  expect(rows.map(text)).toEqual(['shape: [2, 2]', 'dtype: float32', 'requiresGrad: true', 'gradFn: null', 'grad: ']);
  // The grad is embedded as an object, which DevTools formats in turn.
  expect(rows[4][3][0]).toBe('object');
});

test('without custom formatters (DevTools\' default), a tensor is shown as before: the formatter changes nothing else', async ({ page }) => {
  const { logged } = await consoleOf(page, false);
  expect(logged).toHaveLength(4);
  expect(logged.map((a) => a.customPreview)).toEqual([undefined, undefined, undefined, undefined]);
  expect(logged[0].className).toBe('Tensor');
});
