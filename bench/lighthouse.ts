/**
 * node --import tsx bench/lighthouse.ts [--port 3298] [--runs 3] [--no-build] [--page /dashboard] [--tasks]
 * Lighthouse (mobile profile: emulated phone, simulated slow 4G and 4x CPU slowdown) performance and
 * accessibility for the login page (/), the dashboard (/dashboard, signed in as the demo teacher, opened
 * once before so that the browser holds the copy of its first screen, as a returning person's does:
 * decision 42), attendance (/housekeeping/attendance, the teacher) and announcements
 * (/communication/announcements, the demo admin), in Debian's Chromium, against the real server serving
 * the production build. Also records the initial JavaScript (gzip) of each route. Each page is measured
 * `runs` times; the median run is reported. `--page` measures one page only; `--tasks` prints each
 * run's long tasks (simulated).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { measureBundle } from './bundle.js';
import { arg, machine, root, saveResults, startServer } from './lib.js';

const CHROMIUM = '/usr/bin/chromium';
const port = arg('port', 3298);
const runs = arg('runs', 3);
const pageArg = process.argv.indexOf('--page');
const onlyPage = pageArg > 0 ? process.argv[pageArg + 1] : undefined;
const showTasks = process.argv.includes('--tasks');

interface Scores {
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
}

async function signIn(base: string, phone: string) {
  const post = async (p: string, body: unknown) => {
    const res = await fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    return (await res.json()) as { message: string; result: Record<string, { access_token: string; refresh_token: string }> };
  };
  const { message: reqId } = await post('/api/otp/send', { phno: `91${phone}` });
  const { message: otpToken } = await post('/api/otp/verify', { reqId, otp: '123456' });
  const { result } = await post('/api/logged_in_user_phone_verification/', { otp_jwt_token: otpToken, phone_number: phone });
  const staff = result.staff_user;
  if (!staff) throw new Error(`${phone} is not staff`);
  return { role: 'staff', accessToken: staff.access_token, refreshToken: staff.refresh_token, activeSide: 'staff' };
}

/**
 * Puts a signed-in session (and the dismissed rebrand banner) into the browser's storage for the origin,
 * with nothing else of an earlier page kept. `warmUp`: a page opened once first (and left when the app
 * has kept its copy of the dashboard), as a person returning to the app has.
 */
async function seedSession(chromePort: number, base: string, session: unknown, warmUp?: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  // A first visit: nothing cached (Lighthouse keeps storage, and so the cache, when told to keep the session).
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${base}/public/about`);
  await page.evaluate(
    `localStorage.clear(); localStorage.setItem('cue.session', ${JSON.stringify(JSON.stringify(session))}); localStorage.setItem('cue.rebrandDismissed', 'Cue');`,
  );
  if (warmUp) {
    await page.goto(`${base}${warmUp}`);
    await page.waitForFunction("localStorage.getItem('cue.firstPaint') !== null", { timeout: 60_000 });
    await page.goto(`${base}/public/about`);
  }
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
}

async function audit(url: string, chromePort: number, keepStorage: boolean): Promise<Scores> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    throttlingMethod: 'simulate',
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  if (showTasks) {
    const items =
      (audits['long-tasks']?.details as { items?: { startTime: number; duration: number; url: string }[] })?.items ?? [];
    console.log(url, Math.round((categories.performance?.score ?? 0) * 100));
    for (const task of items) console.log(`  ${Math.round(task.startTime)} ms: ${Math.round(task.duration)} ms ${task.url}`);
  }
  const num = (id: string) => Math.round(Number(audits[id]?.numericValue ?? Number.NaN));
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    firstContentfulPaintMs: num('first-contentful-paint'),
    largestContentfulPaintMs: num('largest-contentful-paint'),
    totalBlockingTimeMs: num('total-blocking-time'),
    cumulativeLayoutShift: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    speedIndexMs: num('speed-index'),
  };
}

/** The measured pages: who is signed in (none for the login page), and whether the page is opened once before. */
const PAGES: { path: string; phone?: string; warmUp?: boolean }[] = [
  { path: '/' },
  { path: '/dashboard', phone: '9000000003', warmUp: true },
  { path: '/housekeeping/attendance', phone: '9000000003' },
  { path: '/communication/announcements', phone: '9000000002' },
];
if (onlyPage && !PAGES.some((p) => p.path === onlyPage))
  throw new Error(`--page is one of ${PAGES.map((p) => p.path).join(', ')}`);

const median = (list: Scores[]): Scores => {
  const sorted = [...list].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as Scores;
};

if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
const bundle = measureBundle();
const server = await startServer(port);
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  userDataDir: profile,
});
try {
  const pages: Record<string, { median: Scores; runs: Scores[] }> = {};
  const sessions = new Map<string, Awaited<ReturnType<typeof signIn>>>();
  for (const target of PAGES) {
    if (onlyPage && onlyPage !== target.path) continue;
    const results: Scores[] = [];
    for (let i = 0; i < runs; i++) {
      if (target.phone) {
        const session = sessions.get(target.phone) ?? (await signIn(server.url, target.phone));
        sessions.set(target.phone, session);
        await seedSession(chrome.port, server.url, session, target.warmUp ? target.path : undefined);
      }
      results.push(await audit(`${server.url}${target.path}`, chrome.port, !!target.phone));
    }
    pages[target.path] = { median: median(results), runs: results };
  }

  console.table(Object.fromEntries(Object.entries(pages).map(([p, r]) => [p, r.median])));
  console.table(bundle);
  const lighthouseVersion = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
  const file = saveResults('lighthouse', {
    date: new Date().toISOString(),
    machine: machine(),
    lighthouse: lighthouseVersion,
    chromium: CHROMIUM,
    profile: 'mobile (Moto G Power emulation, simulated slow 4G, 4x CPU slowdown)',
    pages,
    initialJavaScript: bundle,
  });
  console.log('saved', file);
} finally {
  await chrome.kill();
  await server.stop();
  fs.rmSync(profile, { recursive: true, force: true });
}
