import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { isLanguage, type Language, LOGIN_PRERENDER, WEB_COOKIES } from '@cue/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The value of one cookie of the request, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The language the web app will choose: the one this browser chose before, else its first supported Accept-Language. */
export function loginLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  const chosen = cookieValue(cookie, WEB_COOKIES.language);
  if (isLanguage(chosen)) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((e) => e.language).find(isLanguage) ?? 'en';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Prepared {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Sends `/` as the login page prerendered at build time (`login.<lng>.html`), so that it paints as soon
 * as it arrives: in the browser's language, with the page's own address in the rebrand banner, without
 * the banner where it was dismissed. A browser holding a session gets the app's usual page (it goes on to
 * the dashboard). Each variant is compressed once and kept; a rebuilt web app is picked up by its mtime.
 */
export function createLoginPage(webDist: string) {
  const prepared = new Map<string, Prepared>();
  const MAX_VARIANTS = 64;

  return function sendLoginPage(req: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-language');
    const cookie = req.headers.cookie;
    const file = path.join(webDist, `login.${loginLanguage(cookie, req.headers['accept-language'])}.html`);
    const stat = cookieValue(cookie, WEB_COOKIES.signedIn) === '1' ? null : fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return reply.sendFile('index.html');
    const withBanner = !cookieValue(cookie, WEB_COOKIES.rebrandDismissed);
    // (An HTTP/1.0 request may come without a Host header.)
    const host = req.host || 'localhost';
    const origin = `${req.protocol}://${host}`;
    const key = `${file}|${stat.mtimeMs}|${withBanner}|${origin}`;
    let page = prepared.get(key);
    if (!page) {
      // The banner shows the address as a link and, without its scheme, as text.
      let html = fs
        .readFileSync(file, 'utf8')
        .replaceAll(LOGIN_PRERENDER.originPlaceholder, escapeHtml(origin))
        .replaceAll(new URL(LOGIN_PRERENDER.originPlaceholder).host, escapeHtml(host));
      if (!withBanner) {
        const start = html.indexOf(LOGIN_PRERENDER.rebrandStart);
        const end = html.indexOf(LOGIN_PRERENDER.rebrandEnd);
        if (start >= 0 && end > start) html = html.slice(0, start) + html.slice(end + LOGIN_PRERENDER.rebrandEnd.length);
      }
      const identity = Buffer.from(html);
      page = {
        identity,
        br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(identity, { level: 9 }),
      };
      if (prepared.size >= MAX_VARIANTS) prepared.clear();
      prepared.set(key, page);
    }
    reply.header('content-type', 'text/html; charset=utf-8');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.identity);
  };
}
