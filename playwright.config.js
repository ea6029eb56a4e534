// Playwright for the e2e/ suites, in Debian's Chromium (never a downloaded
// browser: ../shared/TOOLCHAIN.md). Minimal on purpose: e2e/package/ (the
// npm package in a Vite app and a worker) is the first suite; the
// playground's will share these settings.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  workers: 1,
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
});
