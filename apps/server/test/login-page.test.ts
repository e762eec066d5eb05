import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LOGIN_PRERENDER, WEB_COOKIES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cookieValue, loginLanguage } from '../src/platform/http/login-page.js';
import { createTestApp, type TestApp } from './harness.js';

// Every compression the server makes is counted: visitors must not be able to cause them.
const zlibCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const zlib = await importOriginal<typeof import('node:zlib')>();
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      zlibCalls.count++;
      return fn(...args);
    };
  return {
    ...zlib,
    brotliCompressSync: counted(zlib.brotliCompressSync),
    gzipSync: counted(zlib.gzipSync),
    deflateSync: counted(zlib.deflateSync),
    deflateRawSync: counted(zlib.deflateRawSync),
  };
});

let t: TestApp;
let web: string;
const banner = `${LOGIN_PRERENDER.rebrandStart}<section>Bookmark <a href="${LOGIN_PRERENDER.originPlaceholder}">${new URL(LOGIN_PRERENDER.originPlaceholder).host}</a></section>${LOGIN_PRERENDER.rebrandEnd}`;
const page = (lng: string) => `<!doctype html><html lang="${lng}"><div id="root">${banner}<main>login ${lng}</main></div>`;

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Cue</title><div id="root">splash</div>');
  for (const lng of ['en', 'ar', 'he']) fs.writeFileSync(path.join(web, `login.${lng}.html`), page(lng));
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: '/', headers: { host: 'school.example', ...headers } });

describe('the prerendered login page at /', () => {
  it('is sent in English by default, with the address filled in and the security headers', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('cookie');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.body).toContain('login en');
    expect(res.body).toContain('<a href="http://school.example">school.example</a>');
    expect(res.body).not.toContain('cue-origin.invalid');
  });

  it('follows the language this browser chose, else its Accept-Language', async () => {
    expect((await get({ cookie: `${WEB_COOKIES.language}=ar` })).body).toContain('login ar');
    expect((await get({ 'accept-language': 'fr-FR, he;q=0.8, en;q=0.5' })).body).toContain('login he');
    expect((await get({ 'accept-language': 'en;q=0.4, ar;q=0.9' })).body).toContain('login ar');
    // A chosen language wins over the browser's.
    expect((await get({ cookie: `x=1; ${WEB_COOKIES.language}=en`, 'accept-language': 'he' })).body).toContain('login en');
    // Anything else is English.
    expect((await get({ cookie: `${WEB_COOKIES.language}=xx`, 'accept-language': 'fr' })).body).toContain('login en');
  });

  it('leaves out a rebrand banner this browser dismissed', async () => {
    const res = await get({ cookie: `${WEB_COOKIES.rebrandDismissed}=Cue` });
    expect(res.body).toContain('login en');
    expect(res.body).not.toContain('Bookmark');
  });

  it('sends the app page, not the login page, to a browser that holds a session', async () => {
    const res = await get({ cookie: `${WEB_COOKIES.signedIn}=1` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('splash');
  });

  it('is compressed for browsers that accept it', async () => {
    // The request's own address is spliced into parts compressed once, as gzip.
    const gz = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const body = gunzipSync(gz.rawPayload).toString();
    expect(body).toContain('login en');
    expect(body).toContain('<a href="http://school.example">school.example</a>');
    expect(body).toBe((await get()).body);
  });

  it('does no compression per visitor: 200 new Host values make none, and each page shows its own address', async () => {
    await get({ 'accept-encoding': 'gzip, br' });
    const before = zlibCalls.count;
    for (let i = 0; i < 200; i++) {
      const host = `visitor-${i}.example`;
      const res = await get({ host, 'accept-encoding': i % 2 ? 'gzip, deflate' : 'identity' });
      expect(res.statusCode).toBe(200);
      const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
      expect(body).toContain(`<a href="http://${host}">${host}</a>`);
    }
    expect(zlibCalls.count - before).toBe(0);
  });

  it('escapes the address it writes into the page', async () => {
    const res = await get({ host: 'a"b.example' });
    expect(res.body).not.toContain('a"b.example');
  });

  it('falls back to the app page when a language was not prerendered', async () => {
    fs.renameSync(path.join(web, 'login.he.html'), path.join(web, 'gone.html'));
    try {
      expect((await get({ 'accept-language': 'he' })).body).toContain('splash');
    } finally {
      fs.renameSync(path.join(web, 'gone.html'), path.join(web, 'login.he.html'));
    }
  });
});

describe('the login page with PUBLIC_URL set', () => {
  let pub: TestApp;
  beforeAll(async () => {
    pub = await createTestApp({ WEB_DIST: web, PUBLIC_URL: 'https://cue.school.example/' });
  });
  afterAll(async () => {
    await pub.close();
  });

  it('shows the configured address whatever the Host header says, compressed once per variant', async () => {
    const first = await pub.request({ method: 'GET', url: '/', headers: { host: 'evil.example', 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(first.rawPayload).toString();
    expect(body).toContain('<a href="https://cue.school.example">cue.school.example</a>');
    expect(body).not.toContain('evil.example');
    const before = zlibCalls.count;
    for (let i = 0; i < 50; i++) {
      const res = await pub.request({ method: 'GET', url: '/', headers: { host: `h${i}.example`, 'accept-encoding': 'gzip' } });
      expect(gunzipSync(res.rawPayload).toString()).toContain('https://cue.school.example');
    }
    expect(zlibCalls.count - before).toBe(0);
  });
});

describe('cookies and languages', () => {
  it('reads one cookie', () => {
    expect(cookieValue('a=1; b=%20x; c', 'b')).toBe(' x');
    expect(cookieValue('a=1', 'b')).toBeUndefined();
    expect(cookieValue(undefined, 'a')).toBeUndefined();
    expect(cookieValue('a=%E0%A4%A', 'a')).toBeUndefined();
  });
  it('ranks Accept-Language by quality', () => {
    expect(loginLanguage(undefined, 'he-IL,he;q=0.9')).toBe('he');
    expect(loginLanguage(undefined, 'ar;q=0, en')).toBe('en');
    expect(loginLanguage(undefined, '')).toBe('en');
  });
});
