/*
 * The documents people attach (an admission's papers, a leave request's certificate): PDF, JPEG, PNG, HEIC and Word (DOCX),
 * recognised by their first bytes, never by their name or declared type.
 */

export const ADMISSION_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** The largest document a person attaches (10 MB). */
export const DOCUMENT_MAX_BYTES = ADMISSION_DOCUMENT_MAX_BYTES;
export const DOCUMENT_TYPES_MESSAGE = 'Send a PDF, JPEG, PNG, HEIC or Word (DOCX) file';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The document's real type and the extension it is stored under, or null when it is none of the accepted kinds. */
export function sniffDocument(bytes: Buffer): { mime: string; ext: string } | null {
  if (bytes.length < 8) return null;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { mime: 'image/png', ext: 'png' };
  if (
    bytes.length >= 12 &&
    bytes.subarray(4, 8).toString('latin1') === 'ftyp' &&
    HEIC_BRANDS.has(bytes.subarray(8, 12).toString('latin1'))
  )
    return { mime: 'image/heic', ext: 'heic' };
  // A Word document is a zip whose entries' names (stored uncompressed) include word/document.xml.
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && bytes.includes('word/document.xml', 0, 'latin1'))
    return { mime: DOCX, ext: 'docx' };
  return null;
}

/** A file name safe to show and to send in a header: no path, no control characters, at most 200 characters. */
export const cleanFileName = (name: string, ext: string): string => {
  const base = name
    .replace(/^.*[\\/]/, '')
    .split('')
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(0, 200);
  return base || `document.${ext}`;
};

/** `attachment` with the file's name, in ASCII and in UTF-8 (RFC 6266). */
export const attachmentDisposition = (name: string): string =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
