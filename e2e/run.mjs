#!/usr/bin/env node
// `npm run test:e2e`: builds the web app, then runs the Playwright journeys in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(CHROMIUM)) {
  console.error(`End-to-end tests need Debian's Chromium at ${CHROMIUM}, which is not installed.`);
  console.error('Install it with:');
  console.error('  sudo apt-get update && sudo apt-get install -y chromium');
  process.exit(1);
}

const run = (command, args, env = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.error) console.error(result.error.message);
  return result.status ?? 1;
};

// A run on its own port (CUE_E2E_PORT) builds the web app into its own directory, so that runs in
// parallel do not empty or swap each other's files while their journeys load them.
const port = process.env.CUE_E2E_PORT;
const webDist = port ? path.join(os.tmpdir(), `cue-e2e-web-${port}`) : undefined;
const built = run('npm', ['run', 'build', '-w', 'apps/web', ...(webDist ? ['--', '--outDir', webDist] : [])]);
if (built !== 0) process.exit(built);

// A fresh embedded database for every run, removed afterwards.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cue-e2e-'));
let status = 1;
try {
  status = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    CUE_E2E_DATA_DIR: dataDir,
    ...(webDist ? { CUE_E2E_WEB_DIST: webDist } : {}),
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
