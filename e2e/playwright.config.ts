import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** End-to-end journeys in Debian's Chromium against the real server, on a fresh embedded database. */
const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = 3199;
const BASE_URL = `http://localhost:${PORT}`;

// Set once in the runner process; the workers inherit it, so all share one data directory.
process.env.CUE_E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'cue-e2e-'));
const dataDir = process.env.CUE_E2E_DATA_DIR;

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(root, 'test-results/e2e'),
  // Two cores: one browser at a time next to the server.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: root,
    url: `${BASE_URL}/api/health`,
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
