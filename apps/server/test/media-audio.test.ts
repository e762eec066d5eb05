import { ERROR_CODES, ROUTES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../src/platform/db/schema.js';
import { MAX_AUDIO_SIZE } from '../src/platform/media-metadata.js';
import { MEDIA_GRACE_MS } from '../src/platform/storage.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let tara: string; // teacher of Nursery A
let rohan: string; // Aarav's father
const nurseryA = demoId('class:nurseryA');
const aarav = demoId('student:Aarav Sharma');

beforeAll(async () => {
  t = await createTestApp();
  [tara, rohan] = await Promise.all([staffToken(t, '9000000003'), parentToken(t, '9000000004')]);
});
afterAll(() => t.close());

const SECRET = 'Recorded at 12 Park Road';
/**
 * A small WebM as a browser's recorder writes it: the EBML header, then a segment with tags (here a
 * place, which must not be kept) and a cluster of sound.
 */
function webm(): Buffer {
  const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84, ...Buffer.from('webm')]);
  const tagText = Buffer.from(SECRET);
  const tags = Buffer.concat([Buffer.from([0x12, 0x54, 0xc3, 0x67, 0x80 | tagText.length]), tagText]);
  const sound = Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x86, 0xa3, 0x84, 0x81, 0x00, 0x00, 0x80]);
  const content = Buffer.concat([tags, sound]);
  return Buffer.concat([ebml, Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80 | content.length]), content]);
}
/** An Ogg page's start: what a phone's Opus recording begins with. */
const ogg = () => Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);
/** An MP3 with an ID3v2 tag (a title) before its first frame. */
function mp3(): Buffer {
  const title = Buffer.from('TIT2 Secret title');
  const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([3, 0, 0, 0, 0, 0, title.length]), title]);
  return Buffer.concat([id3, Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400, 0x55)]);
}

function upload(token: string, bytes: Buffer, contentType: string, filename = 'answer.webm') {
  const boundary = '----cue-audio-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return t.request({
    method: 'POST',
    url: ROUTES.mediaUpload.path,
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

const unsigned = (link: string) => link.split('?')[0] ?? link;

describe('voice recordings on the upload route', () => {
  it('are taken from staff and from families as recorded, with a link, their tags taken out', async () => {
    for (const [token, bytes, type, ext] of [
      [tara, webm(), 'audio/webm', 'webm'],
      [rohan, webm(), 'audio/webm;codecs=opus', 'webm'],
      [rohan, ogg(), 'audio/ogg', 'ogg'],
      [tara, mp3(), 'audio/mpeg', 'mp3'],
    ] as const) {
      const made = expectResponse(ROUTES.mediaUpload, await upload(token, bytes, type)).result;
      expect(made.kind, type).toBe('audio');
      expect(made.media_link, type).toMatch(new RegExp(`^/media/uploads/.+\\.${ext}\\?.*sig=`));
      const [row] = await t.database.db
        .select()
        .from(media)
        .where(eq(media.url, unsigned(made.media_link)));
      expect(row, type).toMatchObject({ kind: 'audio', mimeType: type.split(';')[0] });
      const stored = await t.services.storage.read(made.media_link);
      expect(stored?.toString('latin1'), type).not.toContain('Secret');
      expect(stored?.toString('latin1'), type).not.toContain(SECRET);
      // Stored as recorded: the same length for an in-place cleaning (WebM, Ogg), the frames kept (MP3).
      if (ext !== 'mp3') expect(stored?.length, type).toBe(bytes.length);
      else expect(stored?.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xfb, 0x90, 0x64]));
      // The family's own link opens the recording.
      const opened = await t.request({ method: 'GET', url: made.media_link });
      expect(opened.statusCode, type).toBe(200);
    }
  });

  it('refuses what is not a recording of the kinds taken, too large ones, and keeps images as they were', async () => {
    for (const [token, bytes, type, status] of [
      [rohan, webm(), 'audio/x-wav', 415],
      [rohan, webm(), 'audio/flac', 415],
      [rohan, webm(), 'application/octet-stream', 415],
      [rohan, webm(), 'video/webm', 415],
      [tara, Buffer.from('<html><script>alert(1)</script></html>'), 'audio/mpeg', 400],
      [rohan, Buffer.from('not an ogg file at all'), 'audio/ogg', 400],
      [rohan, Buffer.from('no movie here at all'), 'audio/mp4', 400],
      [tara, Buffer.concat([webm(), Buffer.alloc(MAX_AUDIO_SIZE)]), 'audio/webm', 413],
    ] as const) {
      const res = await upload(token, bytes, type);
      expect(res.statusCode, `${type}: ${res.body}`).toBe(status);
      if (status === 415) expect(res.json().code).toBe(ERROR_CODES.unsupportedMediaType);
    }
    // Images are still re-encoded, from families too; an SVG is still refused.
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f59f00' } })
      .png()
      .toBuffer();
    const image = expectResponse(ROUTES.mediaUpload, await upload(rohan, png, 'image/png', 'a.png')).result;
    expect(image.kind).toBe('image');
    expect(image.media_link).toMatch(/\.webp\?/);
    expect((await upload(rohan, Buffer.from('<svg/>'), 'image/svg+xml', 'a.svg')).statusCode).toBe(415);
  });
});

describe('the clean-up of files nothing refers to', () => {
  it("keeps a family's recorded answer to a feedback form, and removes a recording never attached", async () => {
    // Past the minute of the uploads above (a person's uploads per minute are limited).
    t.clock.advance(61_000);
    const periods = expectResponse(
      ROUTES.periodList,
      await t.request({ method: 'GET', url: ROUTES.periodList.path, headers: bearer(tara) }),
    ).result;
    const current = periods.find((p) => p.current) ?? periods[0];
    const form = expectResponse(
      ROUTES.feedbackCreate,
      await t.request({
        method: 'POST',
        url: ROUTES.feedbackCreate.path,
        headers: bearer(tara),
        payload: {
          kind: 'parent',
          period_id: current?._id,
          title: 'Tell us in your own words',
          class_ids: [nurseryA],
          status: 'open',
          questions: [{ key: 'story', text: 'What did your child tell you about school?', answer: 'voice' }],
        },
      }),
    ).result;
    const voice = expectResponse(ROUTES.mediaUpload, await upload(rohan, webm(), 'audio/webm')).result.media_link;
    const stray = expectResponse(ROUTES.mediaUpload, await upload(rohan, ogg(), 'audio/ogg')).result.media_link;
    const answered = expectResponse(
      ROUTES.feedbackRespond,
      await t.request({
        method: 'POST',
        url: ROUTES.feedbackRespond.path.replace(':id', form._id),
        headers: bearer(rohan),
        payload: { student_id: aarav, answers: { story: { media_link: voice } } },
      }),
    ).result;
    expect(unsigned(answered.answers.story?.media_link ?? '')).toBe(unsigned(voice));

    t.clock.advance(MEDIA_GRACE_MS + 60_000);
    await t.services.storage.removeUnreferenced();
    const rowOf = async (link: string) =>
      t.database.db
        .select()
        .from(media)
        .where(eq(media.url, unsigned(link)));
    expect(await rowOf(voice)).toHaveLength(1);
    expect((await t.services.storage.read(voice))?.length).toBe(webm().length);
    expect(await rowOf(stray)).toEqual([]);
    expect(await t.services.storage.read(stray)).toBeNull();
  });
});
