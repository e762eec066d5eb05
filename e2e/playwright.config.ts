import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/** End-to-end journeys in Debian's Chromium against the real server, on a fresh embedded database. */
const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.CUE_E2E_PORT ?? 3199);
const BASE_URL = `http://localhost:${PORT}`;
/** The local OpenID Connect provider standing in for Google and Microsoft (e2e/oidc-server.ts). */
// One below the app by default (3198), so that runs on other ports do not collide.
const OIDC_PORT = Number(process.env.CUE_E2E_OIDC_PORT ?? PORT - 1);
const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
/**
 * The demo numbers, plus new parents the journeys register: 77 by the account-deletion journey, 88 by
 * the school-setup import journey.
 */
const OTP_TEST_NUMBERS = [1, 2, 3, 4, 5, 6, 66, 77, 88].map((n) => `${9000000000 + n}:123456`).join(',');

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
  // Per port: Playwright empties its output directory at start, so parallel runs on other ports keep theirs.
  outputDir: path.join(root, process.env.CUE_E2E_PORT ? `test-results/e2e-${PORT}` : 'test-results/e2e'),
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
  webServer: [
    {
      command: 'node --import tsx e2e/oidc-server.ts',
      cwd: root,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      env: { CUE_E2E_PORT: String(PORT), CUE_E2E_OIDC_PORT: String(OIDC_PORT) },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `${BASE_URL}/api/health`,
      env: {
        PORT: String(PORT),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        OTP_TEST_NUMBERS,
        // Parallel journeys share the demo's people: one person's chat limit per minute would count them all.
        CHAT_MESSAGES_PER_MINUTE: '1000',
        // The run's own build of the web app (e2e/run.mjs), when it has one.
        ...(process.env.CUE_E2E_WEB_DIST ? { WEB_DIST: process.env.CUE_E2E_WEB_DIST } : {}),
        GOOGLE_CLIENT_ID: 'google-client',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_ISSUER: OIDC_ISSUER,
        MICROSOFT_CLIENT_ID: 'ms-client',
        MICROSOFT_CLIENT_SECRET: 'ms-secret',
        MICROSOFT_ISSUER: OIDC_ISSUER,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
