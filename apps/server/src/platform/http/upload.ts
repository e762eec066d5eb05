import { ACCOUNT_MESSAGES, ERROR_CODES, findUnsafeText, MESSAGES, PROFILE_PICTURE_MAX_BYTES, UPLOAD_LIMITS } from '@cue/contract';
import type { MultipartFile } from '@fastify/multipart';
import type { AccessClaims } from '../auth/tokens.js';
import type { Clock } from '../clock.js';
import { AppError, badRequest } from '../errors.js';
import { unsafeTextError } from './errors.js';
import type { RouteRequest } from './route.js';

export interface UploadedFile {
  bytes: Buffer;
  mimetype: string;
  filename: string;
  /** Who sent it: the file's owner when it is stored. */
  owner: { uploadedBy: string; schoolId: string | null };
  /** Text fields sent before the file (a caption, a privacy setting). */
  fields?: Record<string, string>;
}

/**
 * Per-person upload limits (decision 6). Files per minute count every attempt, in this instance's
 * memory; bytes per day are the bytes the person stored in the last 24 hours (the `media` table, so
 * every instance agrees). Parents, who only send pictures, are held far tighter than staff.
 */
export const UPLOAD_QUOTAS = {
  staff: { filesPerMinute: 60, bytesPerDay: 1024 * 1024 * 1024 },
  // A parent may attach one bug report's worth of screenshots (total_media) in a minute.
  parent: { filesPerMinute: UPLOAD_LIMITS.total_media, bytesPerDay: 30 * 1024 * 1024 },
} as const;

/** What a multipart body may carry besides the file (boundaries, part headers, a few fields). */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The largest file a person may send in one request, whatever its kind: parents only send images. */
export const largestUpload = (kind: 'staff' | 'parent') =>
  kind === 'parent'
    ? UPLOAD_LIMITS.max_image_size
    : Math.max(UPLOAD_LIMITS.max_image_size, UPLOAD_LIMITS.max_video_size, UPLOAD_LIMITS.max_doc_size);

/** The school's limit for a file of this declared type (checked while it arrives, then again on its content). */
export function sizeLimitFor(mimetype: string): { limit: number; message: string } {
  const mime = mimetype.toLowerCase();
  if (mime.startsWith('image/')) return { limit: UPLOAD_LIMITS.max_image_size, message: ACCOUNT_MESSAGES.imageTooLarge };
  if (mime.startsWith('video/')) return { limit: UPLOAD_LIMITS.max_video_size, message: MESSAGES.videoTooLarge };
  return { limit: UPLOAD_LIMITS.max_doc_size, message: MESSAGES.documentTooLarge };
}

const tooLargeError = (message: string) => new AppError(413, message, ERROR_CODES.fileTooLarge);

export class UploadLimits {
  /** Attempts per person in the current minute of each (a fixed window, pruned as it goes). */
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly storedSince: (userId: string, since: Date) => Promise<number>,
  ) {}

  /** Counts one attempt and answers how many bytes the person may still store today; 429 when none. */
  async admit(auth: AccessClaims): Promise<number> {
    const quota = UPLOAD_QUOTAS[auth.kind === 'parent' ? 'parent' : 'staff'];
    const now = this.clock.now().getTime();
    if (this.windows.size > 10_000) for (const [key, w] of this.windows) if (now - w.start >= 60_000) this.windows.delete(key);
    let window = this.windows.get(auth.userId);
    if (!window || now - window.start >= 60_000) {
      window = { start: now, count: 0 };
      this.windows.set(auth.userId, window);
    }
    window.count++;
    if (window.count > quota.filesPerMinute) throw new AppError(429, MESSAGES.uploadsTooFast, ERROR_CODES.uploadRateLimited);
    const stored = await this.storedSince(auth.userId, new Date(now - 24 * 60 * 60 * 1000));
    const left = quota.bytesPerDay - stored;
    if (left <= 0) throw new AppError(429, MESSAGES.uploadDailyLimit, ERROR_CODES.uploadQuotaExceeded);
    return left;
  }
}

/**
 * Refuses a file whose name, or a text field sent before it, holds text no database can store (a null
 * byte, a lone surrogate), as route() does for JSON bodies; the file's bytes are left unread.
 */
export function refuseUnsafeParts(file: MultipartFile): void {
  const texts: Record<string, unknown> = {};
  for (const part of Object.values(file.fields).flat()) if (part && part.type === 'field') texts[part.fieldname] = part.value;
  const field = findUnsafeText(texts) ?? (findUnsafeText(file.filename) === null ? null : file.fieldname);
  if (field === null) return;
  file.file.resume();
  throw unsafeTextError(field);
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadLimits?: UploadLimits;
  }
}

/**
 * Reads the one file of a multipart request, sent in the named field, within the person's limits:
 * files per minute and bytes per day (429), the school's size for the file's kind (413), checked
 * before anything is stored. A body announced larger than allowed is refused before it is read; a file
 * that grows past its limit is cut off as it arrives.
 */
export async function readUpload(
  req: RouteRequest,
  field: string,
  maxBytes: number = PROFILE_PICTURE_MAX_BYTES,
  tooLarge: string = ACCOUNT_MESSAGES.imageTooLarge,
): Promise<UploadedFile> {
  const auth = req.auth;
  if (!auth) throw new AppError(401, MESSAGES.unauthorized, ERROR_CODES.unauthorized);
  if (!req.isMultipart()) throw badRequest(`Send the file as multipart/form-data in the field ${field}`, undefined, field);
  const kind = auth.kind === 'parent' ? 'parent' : 'staff';
  const left = (await req.server.uploadLimits?.admit(auth)) ?? Number.POSITIVE_INFINITY;
  const ceiling = Math.min(maxBytes, largestUpload(kind));
  const announced = Number(req.headers['content-length'] ?? 0);
  if (announced > ceiling + MULTIPART_OVERHEAD) throw tooLargeError(tooLarge);

  const file = await req.file({ limits: { fileSize: ceiling, files: 1, fields: 10, parts: 12 } });
  if (!file || file.fieldname !== field) throw badRequest(ACCOUNT_MESSAGES.fileMissing, undefined, field);
  refuseUnsafeParts(file);
  // The declared type picks the school's limit for its kind; the content is checked again when it is processed.
  const forKind = sizeLimitFor(file.mimetype);
  const limit = Math.min(ceiling, forKind.limit);
  const message = limit === forKind.limit ? forKind.message : tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        file.file.destroy();
        throw tooLargeError(message);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError(message);
    throw err;
  }
  if (file.file.truncated) throw tooLargeError(message);
  if (size > left) throw new AppError(429, MESSAGES.uploadDailyLimit, ERROR_CODES.uploadQuotaExceeded);
  const fields: Record<string, string> = {};
  for (const [name, part] of Object.entries(file.fields)) {
    const one = Array.isArray(part) ? part[0] : part;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  return {
    bytes: Buffer.concat(chunks, size),
    mimetype: file.mimetype,
    filename: file.filename,
    owner: { uploadedBy: auth.userId, schoolId: auth.schoolId ?? null },
    fields,
  };
}
