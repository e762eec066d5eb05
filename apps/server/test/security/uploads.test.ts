import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { ROUTES } from '@cue/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, media } from '../../src/platform/db/schema.js';
import { signMedia } from '../../src/platform/media-urls.js';
import { MEDIA_CLEANUP_JOB } from '../../src/platform/storage.js';
import { demoId } from '../../src/seed/demo.js';
import { bearer, createTestApp, parentToken, staffToken, type TestApp } from '../harness.js';

// What a hostile or careless uploader can do with files: leave positions in them, send too much,
// keep files of deleted records public, or read children's photos without being handed a link.

let t: TestApp;
let tara: string; // class teacher of Nursery A
let rohan: string; // parent of a child in Nursery A
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');
const PLACE = '+48.8584+002.2945';
/** Debian's ffmpeg, where installed, is used too (decision 6); the in-place cleaning runs either way. */
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

beforeAll(async () => {
  t = await createTestApp();
  await signInAgain();
});
afterAll(() => t.close());

async function signInAgain() {
  tara = await staffToken(t, '9000000003');
  rohan = await parentToken(t, '9000000004');
}

function multipart(bytes: Buffer, type: string, filename: string, field = 'file') {
  const boundary = '----cue-upload-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(
  token: string,
  bytes: Buffer,
  type: string,
  filename: string,
  url: string = ROUTES.mediaUpload.path,
  field = 'file',
) {
  const body = multipart(bytes, type, filename, field);
  return t.request({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const get = (url: string) => t.request({ method: 'GET', url });
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#f59e0b' } })
    .png()
    .toBuffer();
const gpsJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3b82f6' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 40/1' },
    })
    .toBuffer();

// ---- tiny containers, built by hand

const box = (type: string, ...children: Buffer[]) => {
  const body = Buffer.concat(children);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const zeros = (n: number) => Buffer.alloc(n);
const track = (handler: string, sample: Buffer) =>
  box(
    'trak',
    box('tkhd', zeros(84)),
    box(
      'mdia',
      box('mdhd', zeros(24)),
      box('hdlr', zeros(8), Buffer.from(handler, 'latin1'), zeros(13)),
      box('minf', box('stbl', box('stsd', zeros(8), sample))),
    ),
  );
/** An MP4 as a phone writes it: a video track, the place in `udta/©xyz` and in Apple's `meta` keys. */
function phoneMp4(extraTrack?: Buffer) {
  const place = Buffer.from(`\0\x12\x15\xc7${PLACE}/`, 'latin1');
  const key = 'com.apple.quicktime.location.ISO6709';
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1')),
    box(
      'moov',
      box('mvhd', zeros(100)),
      track('vide', box('avc1', zeros(78))),
      ...(extraTrack ? [extraTrack] : []),
      box('udta', box('\xa9xyz', place)),
      box(
        'meta',
        zeros(4),
        box('hdlr', zeros(8), Buffer.from('mdta'), zeros(13)),
        box('keys', zeros(4), Buffer.from([0, 0, 0, 1]), box('mdta', Buffer.from(key))),
        box('ilst', box('\0\0\0\x01', box('data', zeros(8), Buffer.from(`${PLACE}+035.000/`)))),
      ),
    ),
    box('mdat', Buffer.from('frames of the video')),
  ]);
}

const ebml = (id: number[], ...children: Buffer[]) => {
  const data = Buffer.concat(children);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length));
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), size, data]);
};
const UNKNOWN = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const tags = () =>
  ebml(
    [0x12, 0x54, 0xc3, 0x67],
    ebml([0x73, 0x73], ebml([0x67, 0xc8], ebml([0x45, 0xa3], Buffer.from('LOCATION')), ebml([0x44, 0x87], Buffer.from(PLACE)))),
  );
/** A WebM recorded live (segment and cluster of unknown size) with the place in its Tags, before and after the cluster. */
function placedWebm() {
  const cluster = Buffer.concat([
    Buffer.from([0x1f, 0x43, 0xb6, 0x75]),
    UNKNOWN,
    ebml([0xe7], Buffer.from([0])),
    ebml([0xa3], Buffer.from('a frame')),
  ]);
  return Buffer.concat([
    ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from('webm'))),
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    UNKNOWN,
    ebml([0x15, 0x49, 0xa9, 0x66], ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]))),
    tags(),
    cluster,
    tags(),
  ]);
}

/** A ZIP file (an Office document) with deflated entries. */
function zip(entries: Record<string, Buffer>) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, data] of Object.entries(entries)) {
    const packed = deflateRawSync(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    const entry = Buffer.concat([local, Buffer.from(name), packed]);
    locals.push(entry);
    centrals.push(Buffer.concat([central, Buffer.from(name)]));
    offset += entry.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length, 8);
  end.writeUInt16LE(centrals.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const pdfWith = (stream: Buffer, filter: string) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n1 0 obj << /Filter /${filter} /Length ${stream.length} >>\nstream\n`),
    stream,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ]);

describe('metadata of uploaded videos and documents', () => {
  it('removes the place from an MP4 and keeps the video playable in place', async () => {
    const sent = phoneMp4();
    const res = await upload(tara, sent, 'video/mp4', 'walk.mp4');
    expect(res.statusCode, res.body).toBe(200);
    const stored = await get(res.json().result.media_link);
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.length).toBe(sent.length);
    expect(stored.rawPayload.includes(PLACE)).toBe(false);
    expect(stored.rawPayload.includes('com.apple.quicktime.location')).toBe(false);
    expect(stored.rawPayload.includes('frames of the video')).toBe(true);
  });

  it.runIf(hasFfmpeg)('with ffmpeg installed, copies a real video without its metadata', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-video-'));
    const file = path.join(dir, 'walk.mp4');
    const made = spawnSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=160x120:rate=10',
      '-metadata',
      `location=${PLACE}/`,
      '-movflags',
      '+use_metadata_tags',
      file,
    ]);
    expect(made.status).toBe(0);
    const sent = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(sent.includes(PLACE)).toBe(true);
    const res = await upload(tara, sent, 'video/mp4', 'walk.mp4');
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await get(res.json().result.media_link)).rawPayload;
    expect(stored.includes(PLACE)).toBe(false);
    expect(stored.includes('mdat')).toBe(true);
  });

  it('refuses a video with a telemetry track it cannot clean (422)', async () => {
    const res = await upload(tara, phoneMp4(track('meta', box('gpmd', zeros(8)))), 'video/mp4', 'gopro.mp4');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('MEDIA_HAS_LOCATION');
  });

  it("voids a WebM's tags, also after a live recording's cluster", async () => {
    const sent = placedWebm();
    const res = await upload(tara, sent, 'video/webm', 'clip.webm');
    expect(res.statusCode, res.body).toBe(200);
    const stored = (await get(res.json().result.media_link)).rawPayload;
    expect(stored.length).toBe(sent.length);
    expect(stored.includes(PLACE)).toBe(false);
    expect(stored.includes('LOCATION')).toBe(false);
    expect(stored.includes('a frame')).toBe(true);
  });

  it('refuses a PDF or an Office document holding a photo with its GPS position, and stores clean ones', async () => {
    const photo = await gpsJpeg();
    for (const [bytes, type] of [
      [pdfWith(photo, 'DCTDecode'), 'application/pdf'],
      [
        pdfWith(deflateSync(Buffer.from(`<x:xmpmeta><exif:GPSLatitude>48,51.5N</exif:GPSLatitude></x:xmpmeta>`)), 'FlateDecode'),
        'application/pdf',
      ],
      [zip({ '[Content_Types].xml': Buffer.from('<Types/>'), 'word/media/image1.jpeg': photo }), DOCX],
    ] as const) {
      const res = await upload(tara, bytes, type, 'notice');
      expect(res.statusCode, type).toBe(422);
      expect(res.json()).toMatchObject({ code: 'MEDIA_HAS_LOCATION', message: expect.stringContaining('location') });
    }
    const plain = await sharp(photo).jpeg().toBuffer();
    expect((await upload(tara, pdfWith(plain, 'DCTDecode'), 'application/pdf', 'clean.pdf')).statusCode).toBe(200);
    const docx = zip({ '[Content_Types].xml': Buffer.from('<Types/>'), 'word/media/image1.jpeg': plain });
    expect((await upload(tara, docx, DOCX, 'clean.docx')).statusCode).toBe(200);
    expect((await upload(tara, Buffer.from('PK not a zip'), DOCX, 'broken.docx')).statusCode).toBe(400);
  });

  it('takes only pictures from parents (415 for videos and documents)', async () => {
    for (const [bytes, type] of [
      [phoneMp4(), 'video/mp4'],
      [pdfWith(Buffer.from('x'), 'DCTDecode'), 'application/pdf'],
    ] as const) {
      const res = await upload(rohan, bytes, type, 'file');
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });
});

describe('upload limits per person', () => {
  const storedBy = async (url: string) =>
    (
      await t.database.db
        .select()
        .from(media)
        .where(eq(media.url, url.split('?')[0] ?? ''))
    )[0];
  const count = async () => (await t.database.db.select().from(media)).length;

  it("cuts off a parent's 30 MB body before reading it, and an image past the school's limit as it arrives (413)", async () => {
    const before = await count();
    const huge = await upload(rohan, Buffer.alloc(30 * 1024 * 1024, 1), 'image/png', 'huge.png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('FILE_TOO_LARGE');
    // Staff may send 100 MB bodies (videos), so an 11 MB "image" is stopped by its kind's limit while it streams.
    const big = await upload(tara, Buffer.alloc(11 * 1024 * 1024, 1), 'image/png', 'big.png');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The image is too large (10 MB at most)', code: 'FILE_TOO_LARGE' });
    expect(await count()).toBe(before);
  });

  it('lets a parent send ten files a minute, then answers 429 until the minute has passed', async () => {
    t.clock.advance(61_000);
    const picture = await png();
    for (let i = 0; i < 10; i++) expect((await upload(rohan, picture, 'image/png', `s${i}.png`)).statusCode).toBe(200);
    const refused = await upload(rohan, picture, 'image/png', 'more.png');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('UPLOAD_RATE_LIMITED');
    // Staff are held far less tightly.
    for (let i = 0; i < 12; i++) expect((await upload(tara, picture, 'image/png', `t${i}.png`)).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await upload(rohan, picture, 'image/png', 'later.png')).statusCode).toBe(200);
  });

  it("answers 429 once a parent's stored bytes reach the day's quota, before storing anything, until a day has passed", async () => {
    t.clock.advance(61_000);
    const first = await upload(rohan, await png(), 'image/png', 'first.png');
    const row = await storedBy(first.json().result.media_link);
    if (!row) throw new Error('no media row');
    // Thirty 1 MB files stored earlier today.
    await t.database.db.insert(media).values(
      Array.from({ length: 30 }, (_, i) => ({
        id: `${row.id.slice(0, 20)}${String(i).padStart(4, '0')}`,
        schoolId: row.schoolId,
        uploadedBy: row.uploadedBy,
        kind: 'image',
        url: `/media/uploads/test/quota-${i}.webp`,
        name: 'x',
        mimeType: 'image/webp',
        size: 1024 * 1024,
        createdAt: t.clock.now(),
      })),
    );
    const before = await count();
    const refused = await upload(rohan, await png(), 'image/png', 'one-more.png');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: "You have reached today's upload limit. Please try again tomorrow.",
      code: 'UPLOAD_QUOTA_EXCEEDED',
    });
    expect(await count()).toBe(before);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    await signInAgain();
    expect((await upload(rohan, await png(), 'image/png', 'tomorrow.png')).statusCode).toBe(200);
  });
});

describe("children's files are served through signed, expiring links", () => {
  it('refuses an unsigned, tampered or expired link with 403 and caches a valid one privately until it expires', async () => {
    await signInAgain();
    const link = (await upload(tara, await png(), 'image/png', 'p.png')).json().result.media_link as string;
    expect(link).toMatch(/^\/media\/uploads\/[\w-]+\/[0-9a-f]{24}\.webp\?exp=\d+&sig=[\w-]+$/);
    const ok = await get(link);
    expect(ok.statusCode).toBe(200);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(ok.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(15 * 60);
    expect(maxAge).toBeLessThanOrEqual(20 * 60);
    const path = link.split('?')[0] ?? '';
    const unsigned = await get(path);
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json().code).toBe('MEDIA_LINK_INVALID');
    expect(unsigned.headers['cache-control']).toBe('no-store');
    const exp = /exp=(\d+)/.exec(link)?.[1];
    expect((await get(link.replace(`exp=${exp}`, `exp=${Number(exp) + 3600}`))).statusCode).toBe(403);
    expect((await get(`${path}?exp=${exp}&sig=${'A'.repeat(24)}`)).statusCode).toBe(403);
    // Another file's signature does not open this one.
    const other = (await upload(tara, await png(), 'image/png', 'q.png')).json().result.media_link as string;
    expect((await get(`${path}?${other.split('?')[1]}`)).statusCode).toBe(403);
    t.clock.advance(21 * 60 * 1000);
    const expired = await get(link);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('MEDIA_LINK_EXPIRED');
  });

  it('hands out signed links for observation photos and children, and keeps school logos and staff pictures public', async () => {
    await signInAgain();
    const photo = (await upload(tara, await png(), 'image/png', 'art.png')).json().result.media_link as string;
    const created = await t.request({
      method: 'POST',
      url: ROUTES.observationCreate.path,
      headers: bearer(tara),
      payload: {
        class_id: nurseryA,
        media: [{ media_link: photo }],
        observation_entries: [{ student_id: aarav, date: '16-11-2026', general_note: 'Painted a sun' }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const stored = created.json().result.observation_entries[0].media[0].media_link as string;
    // The record keeps the file's own path; each reader gets a fresh signature.
    expect(stored.split('?')[0]).toBe(photo.split('?')[0]);
    const seen = await t.request({
      method: 'GET',
      url: `${ROUTES.observationList.path}?student_id=${aarav}`,
      headers: bearer(rohan),
    });
    const link = seen.json().result.items.find((o: { general_note: string }) => o.general_note === 'Painted a sun')?.media[0]
      ?.media_link as string;
    expect(link).toMatch(/\?exp=\d+&sig=/);
    expect((await get(link)).statusCode).toBe(200);

    const staffPicture = await upload(
      tara,
      await png(),
      'image/png',
      'me.png',
      ROUTES.staffProfilePicture.path,
      'staff_profile_picture',
    );
    const pictureUrl = staffPicture.json().result.staff_profile_picture as string;
    expect(pictureUrl).toMatch(/^\/media\/profile\/staff\/[0-9a-f]{24}\.webp$/);
    const picture = await get(pictureUrl);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toBe('public, max-age=2592000, immutable');
  });

  it('never serves a private file through a path that passes by a public folder', async () => {
    const link = (await upload(tara, await png(), 'image/png', 'p.png')).json().result.media_link as string;
    const [, folder, file] = /^\/media\/uploads\/([\w-]+)\/([\w.]+)\?/.exec(link) ?? [];
    for (const url of [
      `/media/school/../uploads/${folder}/${file}`,
      `/media/school/%2e%2e/uploads/${folder}/${file}`,
      `/media/profile/staff/..%2f..%2fuploads/${folder}/${file}`,
    ])
      expect([403, 404], url).toContain((await get(url)).statusCode);
  });
});

describe('files of deleted records', () => {
  it('are removed by the clean-up job once nothing refers to them and the grace period has passed', async () => {
    t.clock.advance(61_000);
    await signInAgain();
    const kept = (await upload(tara, await png(), 'image/png', 'kept.png')).json().result.media_link as string;
    const dropped = (await upload(tara, await png(), 'image/png', 'dropped.png')).json().result.media_link as string;
    const neverUsed = (await upload(tara, await png(), 'image/png', 'draft.png')).json().result.media_link as string;
    const write = async (link: string, note: string) =>
      (
        await t.request({
          method: 'POST',
          url: ROUTES.observationCreate.path,
          headers: bearer(tara),
          payload: {
            class_id: nurseryA,
            media: [{ media_link: link }],
            observation_entries: [{ student_id: aarav, date: '17-11-2026', general_note: note }],
          },
        })
      ).json().result.observation_entries[0].id as string;
    await write(kept, 'Kept');
    const gone = await write(dropped, 'Deleted later');
    expect((await t.request({ method: 'DELETE', url: `/api/observations/${gone}`, headers: bearer(tara) })).statusCode).toBe(200);

    // Within the grace period nothing is removed (an upload may still be attached).
    await t.services.storage.scheduleCleanup(t.services.jobs);
    t.clock.advance(6 * 60 * 60 * 1000 + 1000);
    expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const [droppedRow] = await t.database.db
      .select()
      .from(media)
      .where(eq(media.url, dropped.split('?')[0] ?? ''));
    expect(droppedRow).toBeDefined();

    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
    await signInAgain();
    const reread = async (link: string) => {
      const rows = await t.database.db
        .select()
        .from(media)
        .where(eq(media.url, link.split('?')[0] ?? ''));
      return { row: rows[0], status: (await get(signMedia(link))).statusCode };
    };
    expect(await reread(dropped)).toEqual({ row: undefined, status: 404 });
    expect(await reread(neverUsed)).toEqual({ row: undefined, status: 404 });
    const stillThere = await reread(kept);
    expect(stillThere.status).toBe(200);
    expect(stillThere.row).toBeDefined();
    // The job put its next run on the queue.
    const next = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, MEDIA_CLEANUP_JOB), eq(jobs.status, 'pending')));
    expect(next).toHaveLength(1);
  });
});
