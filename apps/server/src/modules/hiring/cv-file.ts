import { ACCOUNT_MESSAGES, ERROR_CODES, MESSAGES } from '@cue/contract';
import { AppError, badRequest } from '../../platform/errors.js';
import type { RouteRequest } from '../../platform/http/route.js';
import { refuseUnsafeParts } from '../../platform/http/upload.js';

/** The largest CV the public job page takes. */
export const CV_MAX_BYTES = 10 * 1024 * 1024;
export const CV_TOO_LARGE = 'The CV is too large (10 MB at most)';
/** What a multipart body may carry besides the file (boundaries, part headers). */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new AppError(413, CV_TOO_LARGE, ERROR_CODES.fileTooLarge);

export interface CvUpload {
  bytes: Buffer;
  filename: string;
}

/**
 * Reads the one file of a public multipart request. The public routes have no person to hold to the
 * signed-in upload quotas (platform/http/upload.ts), so the school's per-address counter is taken
 * before this runs; here a body announced larger than a CV is refused unread and one that grows past
 * it is cut off as it arrives.
 */
export async function readCv(req: RouteRequest, field = 'file'): Promise<CvUpload> {
  if (!req.isMultipart()) throw badRequest(`Send the file as multipart/form-data in the field ${field}`, undefined, field);
  if (Number(req.headers['content-length'] ?? 0) > CV_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  const file = await req.file({ limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  if (!file || file.fieldname !== field) throw badRequest(ACCOUNT_MESSAGES.fileMissing, undefined, field);
  refuseUnsafeParts(file);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > CV_MAX_BYTES) {
        file.file.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (file.file.truncated) throw tooLarge();
  return { bytes: Buffer.concat(chunks, size), filename: file.filename };
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const CV_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

/**
 * The CV's type read from its bytes, never from its name or the type the browser declared: a PDF, a
 * Word 97–2003 document (an OLE2 compound file) or a Word document (a zip holding a `word/` part,
 * whose names a zip keeps uncompressed in its headers). Anything else is refused.
 */
export function sniffCv(bytes: Buffer): { ext: keyof typeof CV_TYPES; mime: string } {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', mime: CV_TYPES.pdf };
  if (bytes.subarray(0, 8).equals(OLE2)) return { ext: 'doc', mime: CV_TYPES.doc };
  if (bytes.subarray(0, 4).equals(ZIP) && bytes.includes('word/document.xml', 0, 'latin1'))
    return { ext: 'docx', mime: CV_TYPES.docx };
  throw new AppError(415, MESSAGES.fileTypeNotAllowed, ERROR_CODES.unsupportedMediaType);
}
