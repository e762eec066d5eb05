import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, MESSAGES } from '@cue/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Clock, systemClock } from './clock.js';
import { MEDIA_PREFIX } from './storage.js';

/** How long a signed link to a private file works, at least (decision 6). */
export const MEDIA_URL_LIFETIME_S = 15 * 60;
/** Expiries are rounded up to this step, so one file's link stays the same for a while and browsers can cache it. */
const STEP_S = 5 * 60;
/** School logos and staff pictures are public (shown on the sign-in and school pages, in emails); everything else is signed. */
const PUBLIC_PREFIXES = [`${MEDIA_PREFIX}school/`, `${MEDIA_PREFIX}profile/staff/`];
/** The names storage writes: folders and one extension, no dots or escapes (so `..` never reaches the disk). */
const STORED_NAME = /^\/media\/(?:[A-Za-z0-9_-]+\/)+[A-Za-z0-9_-]+\.[A-Za-z0-9]{1,8}$/;
const PUBLIC_CACHE = 'public, max-age=2592000, immutable';

export const isPublicMedia = (path: string): boolean => PUBLIC_PREFIXES.some((p) => path.startsWith(p));
/** A media link without its signature: what records store and requests name. */
export const unsignedMedia = (link: string): string => link.split('?')[0] ?? link;

export type MediaCheck = { ok: true; maxAge: number } | { ok: false; reason: 'unsigned' | 'expired' | 'invalid' };

/**
 * Links to private files (children's photos and pictures, attachments, screenshots) carry an expiry and
 * an HMAC of path and expiry: `/media/<name>?exp=<unix seconds>&sig=<mac>`. The key is derived from the
 * server's JWT secret, so every instance of one deployment signs alike.
 */
export class MediaUrls {
  private readonly key: Buffer;

  constructor(
    secret: Uint8Array,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', secret).update('cue media links v1').digest();
  }

  private mac(path: string, exp: number): Buffer {
    return createHmac('sha256', this.key).update(`${path}\n${exp}`).digest().subarray(0, 18);
  }

  /** The link to hand out: signed when the file is private; anything that is not a stored file as it is. */
  sign(link: string): string {
    if (!link.startsWith(MEDIA_PREFIX)) return link;
    const path = unsignedMedia(link);
    if (isPublicMedia(path)) return path;
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const exp = Math.ceil((now + MEDIA_URL_LIFETIME_S) / STEP_S) * STEP_S;
    return `${path}?exp=${exp}&sig=${this.mac(path, exp).toString('base64url')}`;
  }

  check(path: string, query: URLSearchParams): MediaCheck {
    const exp = query.get('exp');
    const sig = query.get('sig');
    if (!exp || !sig) return { ok: false, reason: 'unsigned' };
    if (!/^\d{1,12}$/.test(exp)) return { ok: false, reason: 'invalid' };
    const expected = this.mac(path, Number(exp));
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
    const remaining = Number(exp) - Math.floor(this.clock.now().getTime() / 1000);
    if (remaining <= 0) return { ok: false, reason: 'expired' };
    return { ok: true, maxAge: remaining };
  }
}

/**
 * The signer presenters use. One per process: the last server built sets it (a test process may build
 * several, which then share it); until then links are signed with a throw-away key no server accepts.
 */
let current = new MediaUrls(randomBytes(32), systemClock);

export function useMediaUrls(urls: MediaUrls): void {
  current = urls;
}

/** A media link as a presenter hands it out (signed when private); null stays null. */
export function signMedia<T extends string | null | undefined>(link: T): T {
  return (typeof link === 'string' ? current.sign(link) : link) as T;
}

/** Attachments with their links signed. */
export function signMediaList<T extends { media_link: string }>(items: readonly T[]): T[] {
  return items.map((item) => ({ ...item, media_link: current.sign(item.media_link) }));
}

/**
 * `onRequest` of `/media/`: public files are cached for long; a private file needs a valid, unexpired
 * signature (else 403) and is cached privately until its link expires. Names that storage never writes
 * are 404, so no path trick reaches a private file through a public folder.
 */
export async function mediaAccess(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const [path = '', query = ''] = req.url.split('?', 2);
  if (!STORED_NAME.test(path)) {
    return reply.status(404).send({ message: MESSAGES.notFound, code: ERROR_CODES.notFound });
  }
  if (isPublicMedia(path)) {
    reply.header('cache-control', PUBLIC_CACHE);
    return;
  }
  const check = current.check(path, new URLSearchParams(query));
  if (!check.ok) {
    const message = check.reason === 'expired' ? MESSAGES.mediaLinkExpired : MESSAGES.mediaLinkInvalid;
    return reply
      .status(403)
      .header('cache-control', 'no-store')
      .send({ message, code: check.reason === 'expired' ? ERROR_CODES.mediaLinkExpired : ERROR_CODES.mediaLinkInvalid });
  }
  reply.header('cache-control', `private, max-age=${check.maxAge}`);
}
