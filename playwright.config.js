// Playwright for the e2e/ suites, in Debian's Chromium (never a downloaded
// browser: docs/toolchain.md). Two projects: the npm package in a Vite
// app and a worker (e2e/package/, which serves its own pages), and the
// playground (e2e/*.spec.js), served from web/dist by Vite's preview server
// with the strict CSP of README's Security item on every response.
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { freePort } from './scripts/free-port.js';

// A free port, chosen once: the workers inherit it through the environment.
process.env.TC_PLAYGROUND_PORT ??= String(await freePort());
const PLAYGROUND_PORT = Number(process.env.TC_PLAYGROUND_PORT);

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  // One worker per core (Playwright's default is half of them); no test
  // asserts a time.
  workers: Number(process.env.TC_TEST_JOBS) || availableParallelism(),
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // Without the background-networking flags Chromium floods the closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'package', testDir: 'e2e/package' },
    // The course recipes (recipes/): each spec builds its example site with
    // the tool a course uses and serves it itself.
    { name: 'recipes', testDir: 'e2e/recipes' },
    {
      name: 'playground',
      testDir: 'e2e',
      testIgnore: ['package/**', 'recipes/**'],
      // reuseContext: each test gets the worker's one context and page back,
      // reset as a new one would be (about:blank, storage, cache, cookies,
      // routes, init scripts, clock, media, viewport; a test asking for
      // other context options, such as touch, gets a new context). A page
      // loaded in a renderer that already ran the playground skips most of
      // a cold start's work: measured on two busy cores, presets and
      // screenshots took 62-74 s instead of 117-137 s.
      use: { baseURL: `http://127.0.0.1:${PLAYGROUND_PORT}`, actionTimeout: 15_000, reuseContext: true },
    },
  ],
  // The playground's build (scripts/build.sh makes web/dist before any test runs).
  webServer: {
    command: `node_modules/.bin/vite preview --config web/vite.config.ts --host 127.0.0.1 --port ${PLAYGROUND_PORT} --strictPort`,
    url: `http://127.0.0.1:${PLAYGROUND_PORT}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
