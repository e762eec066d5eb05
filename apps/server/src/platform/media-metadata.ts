import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { ACCOUNT_MESSAGES, DOCUMENT_TYPES, ERROR_CODES, MESSAGES, UPLOAD_LIMITS } from '@cue/contract';
import { AppError, badRequest } from './errors.js';
import { newId } from './ids.js';
import { toMediaImage } from './images.js';

/**
 * Location and other personal metadata in uploaded videos and documents (decision 6). Images are
 * re-encoded instead (images.ts). Videos: Debian's ffmpeg, when installed, copies the video and audio
 * streams into a new file without any metadata; in every case the container's metadata boxes are then
 * blanked in place, and a video that still carries a position (a telemetry or location track) is
 * refused. Documents are stored as sent unless they carry a position: then they are refused.
 */

export class MediaUnreadable extends Error {}
export class MediaHasLocation extends Error {}

// ---------------------------------------------------------------- ISO base media (MP4, MOV)

interface Box {
  type: string;
  start: number;
  header: number;
  end: number;
}

function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw new MediaUnreadable('truncated box');
      const large = buf.readBigUInt64BE(at + 8);
      if (large > BigInt(to - at)) throw new MediaUnreadable('box past the end');
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw new MediaUnreadable('box past the end');
    yield { type, start: at, header, end: at + size };
    at += size;
  }
}

/** Turns a box into a `free` box of the same size with nothing in it: offsets elsewhere stay valid. */
function blank(buf: Buffer, box: Box): void {
  buf.write('free', box.start + 4, 'latin1');
  buf.fill(0, box.start + box.header, box.end);
}

const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';
/** Tracks that carry positions (GoPro and Google camera telemetry, captions drones write GPS into). */
const POSITION_SAMPLES = new Set(['gpmd', 'camm']);
const CAPTION_HANDLERS = new Set(['text', 'sbtl', 'subt', 'clcp']);

function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  for (const b of boxes(buf, parent.start + parent.header, parent.end)) if (b.type === type) return b;
  return undefined;
}

/** A track whose samples may hold a position: telemetry, captions, or timed metadata keyed by location. */
function trackCarriesPosition(buf: Buffer, trak: Box): boolean {
  const mdia = child(buf, trak, 'mdia');
  const hdlr = mdia && child(buf, mdia, 'hdlr');
  const handler = hdlr ? buf.toString('latin1', hdlr.start + hdlr.header + 8, hdlr.start + hdlr.header + 12) : '';
  if (handler === 'vide' || handler === 'soun' || handler === 'tmcd') return false;
  if (CAPTION_HANDLERS.has(handler)) return true;
  const minf = mdia && child(buf, mdia, 'minf');
  const stbl = minf && child(buf, minf, 'stbl');
  const stsd = stbl && child(buf, stbl, 'stsd');
  if (!stsd) return false;
  const description = buf.subarray(stsd.start, stsd.end);
  for (const type of POSITION_SAMPLES) if (description.includes(type, 0, 'latin1')) return true;
  return /location|gps|iso6709/i.test(description.toString('latin1'));
}

/** Blanks every metadata box of an MP4/MOV in place; throws MediaHasLocation for a track that carries positions. */
export function stripIsoMetadata(buf: Buffer): Buffer {
  let sawMovie = false;
  for (const top of boxes(buf, 0, buf.length)) {
    if (top.type === 'moov') {
      sawMovie = true;
      for (const b of boxes(buf, top.start + top.header, top.end)) {
        if (b.type === 'udta' || b.type === 'meta' || b.type === 'uuid') blank(buf, b);
        if (b.type === 'trak') {
          if (trackCarriesPosition(buf, b)) throw new MediaHasLocation('a track carries positions');
          for (const t of boxes(buf, b.start + b.header, b.end)) if (t.type === 'udta' || t.type === 'meta') blank(buf, t);
        }
      }
    } else if (top.type === 'udta' || top.type === 'meta') {
      blank(buf, top);
    } else if (top.type === 'uuid' && buf.toString('hex', top.start + 8, top.start + 24) === XMP_UUID) {
      blank(buf, top);
    }
  }
  if (!sawMovie) throw new MediaUnreadable('no movie box');
  return buf;
}

// ---------------------------------------------------------------- Matroska (WebM)

function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf[at];
  if (first === undefined || first === 0) throw new MediaUnreadable('bad element');
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > buf.length) throw new MediaUnreadable('bad element');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[at + i] ?? 0;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const TAGS = 0x1254c367;
const ATTACHMENTS = 0x1941a469;
const SEGMENT_CHILDREN = new Set([0x114d9b74, 0x1549a966, 0x1654ae6b, 0x1c53bb6b, 0x1043a770, TAGS, ATTACHMENTS, CLUSTER]);

/** Rewrites an element as a Void element of the same length, its content zeroed. */
function voidElement(buf: Buffer, start: number, end: number): void {
  const total = end - start;
  const sizeLength = Math.min(8, total - 1);
  const payload = total - 1 - sizeLength;
  buf.fill(0, start, end);
  buf[start] = 0xec;
  // The size as a vint of sizeLength bytes: marker bit, then the value big-endian.
  let value = payload;
  for (let i = sizeLength; i >= 1; i--) {
    buf[start + i] = value & 0xff;
    value = Math.floor(value / 256);
  }
  buf[start + 1] = (buf[start + 1] ?? 0) | (0x80 >> (sizeLength - 1));
}

/** Voids the Tags and Attachments of a WebM in place (titles, dates, places, cover pictures). */
export function stripMatroskaMetadata(buf: Buffer): Buffer {
  const header = vint(buf, 0, true);
  if (header.value !== EBML) throw new MediaUnreadable('not EBML');
  const headerSize = vint(buf, header.length, false);
  let at = header.length + headerSize.length + headerSize.value;
  const segment = vint(buf, at, true);
  if (segment.value !== SEGMENT) throw new MediaUnreadable('no segment');
  const segmentSize = vint(buf, at + segment.length, false);
  at += segment.length + segmentSize.length;
  const end = segmentSize.unknown ? buf.length : Math.min(buf.length, at + segmentSize.value);
  while (at < end) {
    const id = vint(buf, at, true);
    const size = vint(buf, at + id.length, false);
    const content = at + id.length + size.length;
    if (!size.unknown) {
      const next = content + size.value;
      if (next > buf.length) break; // a recording cut short: nothing after it to strip
      if (id.value === TAGS || id.value === ATTACHMENTS) voidElement(buf, at, next);
      at = next;
      continue;
    }
    if (id.value !== CLUSTER) throw new MediaUnreadable('unknown-size element');
    // A live recording's cluster of unknown size ends where the next top-level element starts.
    at = content;
    while (at < end) {
      const inner = vint(buf, at, true);
      if (SEGMENT_CHILDREN.has(inner.value)) break;
      const innerSize = vint(buf, at + inner.length, false);
      if (innerSize.unknown) throw new MediaUnreadable('unknown-size block');
      at += inner.length + innerSize.length + innerSize.value;
    }
  }
  return buf;
}

// ---------------------------------------------------------------- ffmpeg

let ffmpegPresent: Promise<boolean> | undefined;
/** Whether Debian's ffmpeg is on this machine (asked once). */
export function hasFfmpeg(): Promise<boolean> {
  ffmpegPresent ??= new Promise((resolve) => {
    execFile('ffmpeg', ['-version'], { timeout: 5000 }, (err) => resolve(!err));
  });
  return ffmpegPresent;
}

/** One ffmpeg at a time: a burst of video uploads queues instead of taking every core. */
let ffmpegQueue: Promise<unknown> = Promise.resolve();
const FFMPEG_TIMEOUT_MS = 120_000;

/** The video and audio streams copied (not re-encoded) into a new file without metadata, in a child process. */
export function ffmpegStrip(bytes: Buffer, format: 'mp4' | 'mov' | 'webm'): Promise<Buffer> {
  const run = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cue-media-'));
    const input = path.join(dir, `in-${newId()}`);
    const output = path.join(dir, `out.${format}`);
    try {
      await fs.writeFile(input, bytes);
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          'ffmpeg',
          [
            '-nostdin',
            '-v',
            'error',
            '-i',
            input,
            '-map',
            '0:v:0',
            '-map',
            '0:a:0?',
            '-map_metadata',
            '-1',
            '-map_chapters',
            '-1',
          ].concat(['-c', 'copy', '-f', format, output]),
          { stdio: 'ignore' },
        );
        const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
        child.on('error', reject);
        child.on('exit', (code) => {
          clearTimeout(timer);
          if (code === 0) resolve();
          else reject(new MediaUnreadable(`ffmpeg exited with ${code}`));
        });
      });
      return await fs.readFile(output);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };
  const result = ffmpegQueue.then(run, run);
  ffmpegQueue = result.catch(() => undefined);
  return result;
}

const VIDEO_FORMATS: Record<string, 'mp4' | 'mov' | 'webm'> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** A video without its metadata, or MediaHasLocation / MediaUnreadable. */
export async function stripVideo(bytes: Buffer, mimetype: string): Promise<Buffer> {
  const format = VIDEO_FORMATS[mimetype];
  if (!format) throw new MediaUnreadable('not a video type');
  let out: Buffer = Buffer.from(bytes);
  if (await hasFfmpeg()) {
    // A stream this container cannot hold, say, makes ffmpeg fail: the in-place cleaning still applies.
    out = await ffmpegStrip(out, format).catch(() => out);
  }
  return format === 'webm' ? stripMatroskaMetadata(out) : stripIsoMetadata(out);
}

// ---------------------------------------------------------------- documents

const GPS_IFD = 0x8825;
const MAX_INFLATED = 64 * 1024 * 1024;

/** Whether the TIFF structure at `at` (an EXIF block) names a GPS directory. */
function exifHasGps(buf: Buffer, at: number): boolean {
  if (at + 8 > buf.length) return false;
  const order = buf.toString('latin1', at, at + 2);
  if (order !== 'II' && order !== 'MM') return false;
  const u16 = (o: number) => (order === 'II' ? buf.readUInt16LE(o) : buf.readUInt16BE(o));
  const u32 = (o: number) => (order === 'II' ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const ifd = at + u32(at + 4);
  if (ifd + 2 > buf.length) return false;
  const count = u16(ifd);
  for (let i = 0; i < count && ifd + 2 + i * 12 + 2 <= buf.length; i++) if (u16(ifd + 2 + i * 12) === GPS_IFD) return true;
  return false;
}

const GPS_TEXT = /GPSLatitude|GPSLongitude/;

/** Positions in raw bytes: an EXIF block with a GPS directory, XMP GPS fields. */
function bytesHavePosition(buf: Buffer): boolean {
  for (let at = buf.indexOf('Exif\0\0', 0, 'latin1'), n = 0; at >= 0 && n < 1000; n++) {
    if (exifHasGps(buf, at + 6)) return true;
    at = buf.indexOf('Exif\0\0', at + 6, 'latin1');
  }
  return GPS_TEXT.test(buf.toString('latin1'));
}

/** The entries of a ZIP file (Office documents), inflated, within a total size. */
function zipEntries(buf: Buffer): Buffer[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buf.length) throw new MediaUnreadable('not a zip');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out: Buffer[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw new MediaUnreadable('bad zip directory');
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const local = buf.readUInt32LE(at + 42);
    const next = at + 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new MediaUnreadable('bad zip entry');
    const data = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(data, data + compressed);
    let entry: Buffer;
    if (method === 0) entry = raw;
    else if (method === 8) {
      try {
        entry = inflateRawSync(raw, { maxOutputLength: Math.max(1, MAX_INFLATED - total) });
      } catch {
        throw new MediaUnreadable('zip entry unreadable or too large');
      }
    } else throw new MediaUnreadable('unknown zip compression');
    total += entry.length;
    out.push(entry);
    at = next;
  }
  return out;
}

/** The compressed streams of a PDF (FlateDecode), inflated, within a total size. */
function pdfStreams(buf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let total = 0;
  for (let at = buf.indexOf('stream', 0, 'latin1'); at >= 0; at = buf.indexOf('stream', at + 6, 'latin1')) {
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a) continue;
    start++;
    const end = buf.indexOf('endstream', start, 'latin1');
    if (end < 0) break;
    if (buf[start] === 0x78) {
      try {
        const inflated = inflateSync(buf.subarray(start, end), { maxOutputLength: Math.max(1, MAX_INFLATED - total) });
        total += inflated.length;
        out.push(inflated);
      } catch {
        // not zlib data, or too large: the raw bytes are checked anyway
      }
    }
    at = end;
  }
  return out;
}

const ZIP_DOCUMENTS = new Set([
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

/** Throws MediaHasLocation when a document carries a position (a photo's EXIF GPS, XMP GPS fields). */
export function checkDocument(bytes: Buffer, mimetype: string): void {
  if (mimetype === 'text/plain') return;
  const parts = [bytes];
  if (ZIP_DOCUMENTS.has(mimetype)) parts.push(...zipEntries(bytes));
  if (mimetype === 'application/pdf') parts.push(...pdfStreams(bytes));
  if (parts.some(bytesHavePosition)) throw new MediaHasLocation('the document carries a position');
}

// ---------------------------------------------------------------- audio

/** Voice recordings taken as they are recorded (a browser's MediaRecorder, a phone's recorder): their stored extension. */
const AUDIO_TYPES: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
};
/** A short recording (a child's or a family's spoken answer): some ten minutes of voice at a phone's usual rates. */
export const MAX_AUDIO_SIZE = 10 * 1024 * 1024;

/** The ID3v2 tag at the start of an MP3 (title, pictures, places...), if any: its length. */
function id3v2Length(buf: Buffer): number {
  if (buf.length < 10 || buf.toString('latin1', 0, 3) !== 'ID3') return 0;
  // Four 7-bit bytes (synchsafe), plus the header and, when flagged, a footer.
  const size = ((buf[6] ?? 0) << 21) | ((buf[7] ?? 0) << 14) | ((buf[8] ?? 0) << 7) | (buf[9] ?? 0);
  const footer = ((buf[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return Math.min(buf.length, 10 + size + footer);
}

/**
 * A recording stored as recorded (no transcoding), once its bytes are seen to be the container its type
 * says, with the metadata that can be taken out without touching the sound: a WebM's tags and
 * attachments, an MP4's metadata boxes (blanked in place), an MP3's ID3 tags (cut off). An Ogg file's
 * comment header is part of its stream and stays (recorders write their own name there only).
 */
export function prepareAudio(bytes: Buffer, mime: string): Buffer {
  const buf = Buffer.from(bytes);
  if (mime === 'audio/webm') return stripMatroskaMetadata(buf);
  if (mime === 'audio/mp4') {
    if (buf.toString('latin1', 4, 8) !== 'ftyp') throw new MediaUnreadable('not an MP4');
    return stripIsoMetadata(buf);
  }
  if (mime === 'audio/ogg') {
    if (buf.toString('latin1', 0, 4) !== 'OggS') throw new MediaUnreadable('not an Ogg file');
    return buf;
  }
  // MPEG audio: an ID3v2 tag before the first frame, an ID3v1 tag in its last 128 bytes.
  let out = buf.subarray(id3v2Length(buf));
  if (out.length >= 128 && out.toString('latin1', out.length - 128, out.length - 125) === 'TAG') out = out.subarray(0, -128);
  // A frame starts with eleven set bits.
  if (out.length < 4 || out[0] !== 0xff || ((out[1] ?? 0) & 0xe0) !== 0xe0) throw new MediaUnreadable('not MPEG audio');
  return Buffer.from(out);
}

// ---------------------------------------------------------------- the upload pipeline

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'text/plain': 'txt',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

export interface PreparedMedia {
  bytes: Buffer;
  kind: 'image' | 'video' | 'document' | 'audio';
  ext: string;
  contentType: string;
}

const unsupported = () => new AppError(415, MESSAGES.fileTypeNotAllowed, ERROR_CODES.unsupportedMediaType);
const tooLarge = (message: string) => new AppError(413, message, ERROR_CODES.fileTooLarge);
const hasLocation = () => new AppError(422, MESSAGES.mediaHasLocation, ERROR_CODES.mediaHasLocation);

/**
 * An uploaded file made ready to store, by its declared type: images re-encoded, videos without their
 * metadata, documents checked for positions; each within the school's size for its kind. Parents may
 * send images only, and voice recordings where the caller takes them (`audio`: the app's own upload
 * route, which feedback forms' spoken answers use). SVG (which can carry script) and every other type
 * are refused.
 */
export async function prepareUpload(
  bytes: Buffer,
  mimetype: string,
  parent: boolean,
  options: { audio?: boolean } = {},
): Promise<PreparedMedia> {
  const mime = mimetype.toLowerCase();
  if (mime === 'image/svg+xml') throw unsupported();
  if (mime.startsWith('image/')) {
    if (bytes.length > UPLOAD_LIMITS.max_image_size) throw tooLarge(ACCOUNT_MESSAGES.imageTooLarge);
    return { bytes: await toMediaImage(bytes), kind: 'image', ext: 'webp', contentType: 'image/webp' };
  }
  // A recorder's type may name its codec ("audio/webm;codecs=opus"): the container is what is checked and kept.
  const audioType = mime.split(';')[0]?.trim() ?? '';
  const audioExt = options.audio ? AUDIO_TYPES[audioType] : undefined;
  if (audioExt) {
    if (bytes.length > MAX_AUDIO_SIZE) throw tooLarge('The recording is too large (10 MB at most)');
    try {
      return { bytes: prepareAudio(bytes, audioType), kind: 'audio', ext: audioExt, contentType: audioType };
    } catch (err) {
      if (err instanceof MediaHasLocation) throw hasLocation();
      if (err instanceof MediaUnreadable) throw badRequest('The recording could not be read', ERROR_CODES.validation, 'file');
      throw err;
    }
  }
  if (parent) throw unsupported();
  const ext = EXTENSIONS[mime];
  if (mime.startsWith('video/') && ext) {
    if (bytes.length > UPLOAD_LIMITS.max_video_size) throw tooLarge(MESSAGES.videoTooLarge);
    try {
      return { bytes: await stripVideo(bytes, mime), kind: 'video', ext, contentType: mime };
    } catch (err) {
      if (err instanceof MediaHasLocation) throw hasLocation();
      if (err instanceof MediaUnreadable) throw badRequest('The video could not be read', ERROR_CODES.notAVideo, 'file');
      throw err;
    }
  }
  if ((DOCUMENT_TYPES as readonly string[]).includes(mime) && ext) {
    if (bytes.length > UPLOAD_LIMITS.max_doc_size) throw tooLarge(MESSAGES.documentTooLarge);
    if (mime === 'application/pdf' && bytes.subarray(0, 5).toString() !== '%PDF-')
      throw badRequest('The file is not a PDF', ERROR_CODES.notAPdf, 'file');
    try {
      checkDocument(bytes, mime);
    } catch (err) {
      if (err instanceof MediaHasLocation) throw hasLocation();
      if (err instanceof MediaUnreadable) throw badRequest('The document could not be read', ERROR_CODES.notADocument, 'file');
      throw err;
    }
    return { bytes, kind: 'document', ext, contentType: mime };
  }
  throw unsupported();
}
