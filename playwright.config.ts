// End-to-end tests with Debian's Chromium (no browser download). The global setup starts a fresh
// local stack (database + API + built SPA) on the e2e ports (tests/e2e/stack-env.ts).
import { defineConfig, devices } from '@playwright/test';
import { e2eBaseUrl, e2eStackEnv } from './tests/e2e/stack-env.ts';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Traces and failure screenshots under the git-ignored artifacts folder, one folder per web port:
  // Playwright empties its output folder at start, and several runs (each on its own ports) may
  // share the working tree.
  outputDir: `tests/e2e/artifacts/results-${e2eStackEnv().WEB_PORT}`,
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 8_000 },
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // A flaky test fails the build: no retry, and a test that would pass only on a retry is an error.
  retries: 0,
  failOnFlakyTests: true,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL: e2eBaseUrl(),
    locale: 'vi-VN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1280, height: 800 } },
    },
  ],
});
