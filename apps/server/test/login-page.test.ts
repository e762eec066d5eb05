import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LOGIN_PRERENDER, WEB_COOKIES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieValue, loginLanguage } from '../src/platform/http/login-page.js';
import { createTestApp, type TestApp } from './harness.js';

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
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('login en');
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('login en');
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
