import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, crc32, deflateRawSync, gzipSync } from 'node:zlib';
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

const ORIGIN = LOGIN_PRERENDER.originPlaceholder;
const HOST = new URL(ORIGIN).host;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The origin placeholder first: the host placeholder is part of it. */
const SLOT = new RegExp(`${escapeRegExp(ORIGIN)}|${escapeRegExp(HOST)}`, 'g');

type Slot = 'origin' | 'host';

/** A page cut where the address goes: `parts[0] slots[0] parts[1] … parts[n]`. */
interface Template {
  parts: string[];
  slots: Slot[];
}

interface Compressed {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface Prepared {
  template: Template;
  /** The page for the configured address (PUBLIC_URL), compressed once. */
  fixed?: Compressed;
  /** Each part as raw deflate; all but the last end byte-aligned with a full flush, so addresses go in between as stored blocks. */
  deflated: Buffer[];
}

function cut(html: string): Template {
  const parts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of html.matchAll(SLOT)) {
    parts.push(html.slice(last, match.index));
    slots.push(match[0] === ORIGIN ? 'origin' : 'host');
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  return { parts, slots };
}

const fill = (t: Template, values: Record<Slot, string>) =>
  t.parts.reduce((html, part, i) => html + part + (i < t.slots.length ? values[t.slots[i] as Slot] : ''), '');

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Deflate stored (uncompressed, not final) blocks holding the bytes. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 0xffff) {
    const chunk = bytes.subarray(at, at + 0xffff);
    const head = Buffer.alloc(5);
    head[0] = 0; // BFINAL 0, BTYPE 00 (stored); the rest of the byte is padding
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
  }
  return blocks;
}

/**
 * A gzip member of the page with the address filled in, without compressing anything: the parts were
 * compressed once (each on its own, so none refers back across an address) and the address goes in
 * between them as stored blocks. Only the checksum is computed for the request.
 */
function spliceGzip(p: Prepared, values: Record<Slot, Buffer>, identity: Buffer): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  p.deflated.forEach((part, i) => {
    pieces.push(part);
    const slot = p.template.slots[i];
    if (slot) pieces.push(...storedBlocks(values[slot]));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(identity), 0);
  trailer.writeUInt32LE(identity.length >>> 0, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

let compressions = 0;
/** How many times pages were compressed since start (tests read it: it must not grow with visitors). */
export const loginPageCompressions = () => compressions;

function compress(html: string): Compressed {
  compressions++;
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function prepare(html: string, publicUrl: URL | undefined): Prepared {
  const template = cut(html);
  if (publicUrl) {
    const fixed = compress(fill(template, { origin: escapeHtml(publicUrl.origin), host: escapeHtml(publicUrl.host) }));
    return { template, fixed, deflated: [] };
  }
  compressions++;
  const deflated = template.parts.map((part, i) =>
    deflateRawSync(part, {
      level: 9,
      finishFlush: i < template.parts.length - 1 ? constants.Z_FULL_FLUSH : constants.Z_FINISH,
    }),
  );
  return { template, deflated };
}

/**
 * Sends `/` as the login page prerendered at build time (`login.<lng>.html`), so that it paints as soon
 * as it arrives: in the browser's language, with the page's own address in the rebrand banner, without
 * the banner where it was dismissed. A browser holding a session gets the app's usual page (it goes on to
 * the dashboard). A rebuilt web app is picked up by its mtime.
 *
 * Nothing is compressed per request: the address is PUBLIC_URL when it is set (each variant compressed
 * once), otherwise the request's own address, which the visitor chooses (the Host header), so it is
 * spliced into parts compressed once (gzip) or sent as is.
 */
export function createLoginPage(webDist: string, publicUrl?: string) {
  const prepared = new Map<string, Prepared>();
  const MAX_VARIANTS = 24;
  const configured = publicUrl ? new URL(publicUrl) : undefined;

  return function sendLoginPage(req: FastifyRequest, reply: FastifyReply) {
    reply.header('cache-control', 'no-cache').header('vary', 'cookie, accept-language');
    const cookie = req.headers.cookie;
    const file = path.join(webDist, `login.${loginLanguage(cookie, req.headers['accept-language'])}.html`);
    const stat = cookieValue(cookie, WEB_COOKIES.signedIn) === '1' ? null : fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return reply.sendFile('index.html');
    const withBanner = !cookieValue(cookie, WEB_COOKIES.rebrandDismissed);
    // Keyed by what the server itself holds, never by anything the request chooses.
    const key = `${file}|${stat.mtimeMs}|${withBanner}`;
    let page = prepared.get(key);
    if (!page) {
      let html = fs.readFileSync(file, 'utf8');
      if (!withBanner) {
        const start = html.indexOf(LOGIN_PRERENDER.rebrandStart);
        const end = html.indexOf(LOGIN_PRERENDER.rebrandEnd);
        if (start >= 0 && end > start) html = html.slice(0, start) + html.slice(end + LOGIN_PRERENDER.rebrandEnd.length);
      }
      page = prepare(html, configured);
      if (prepared.size >= MAX_VARIANTS) prepared.clear();
      prepared.set(key, page);
    }
    reply.header('content-type', 'text/html; charset=utf-8');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (page.fixed) {
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.fixed.br);
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.fixed.gzip);
      return reply.send(page.fixed.identity);
    }
    // The banner shows the address as a link and, without its scheme, as text. (An HTTP/1.0 request
    // may come without a Host header.)
    const host = req.host || 'localhost';
    const values = { origin: Buffer.from(escapeHtml(`${req.protocol}://${host}`)), host: Buffer.from(escapeHtml(host)) };
    const identity = Buffer.from(fill(page.template, { origin: values.origin.toString(), host: values.host.toString() }));
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(spliceGzip(page, values, identity));
    return reply.send(identity);
  };
}
