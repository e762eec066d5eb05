import { ROUTES } from '@cue/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let sam: string;
let anita: string;
beforeAll(async () => {
  t = await createTestApp();
  sam = await staffToken(t, '9000000001');
  anita = await staffToken(t, '9000000002');
});
afterAll(() => t.close());

function upload(token: string | undefined, bytes: Buffer, type: string, filename: string) {
  const boundary = '----cue-media';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return t.request({
    method: 'POST',
    url: ROUTES.mediaUpload.path,
    headers: { ...(token ? bearer(token) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

describe('maintenance', () => {
  const status = async () => (await t.request({ method: 'GET', url: ROUTES.maintenanceStatus.path })).json().result;

  it('is public and inactive by default', async () => {
    expect(await status()).toEqual({ status: 'inactive', start_time: null, end_time: null });
  });

  it('is set and cleared by a super admin only, and follows its window', async () => {
    expect((await t.request({ method: 'PUT', url: ROUTES.maintenanceSet.path, payload: { enabled: true } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.request({ method: 'PUT', url: ROUTES.maintenanceSet.path, headers: bearer(anita), payload: { enabled: true } }))
        .statusCode,
    ).toBe(403);
    const now = t.clock.now().getTime();
    const start = new Date(now + 60 * 60_000).toISOString();
    const end = new Date(now + 3 * 60 * 60_000).toISOString();
    const bad = await t.request({
      method: 'PUT',
      url: ROUTES.maintenanceSet.path,
      headers: bearer(sam),
      payload: { enabled: true, start_time: end, end_time: start },
    });
    expect(bad.statusCode).toBe(400);
    const set = await t.request({
      method: 'PUT',
      url: ROUTES.maintenanceSet.path,
      headers: bearer(sam),
      payload: { enabled: true, start_time: start, end_time: end },
    });
    expect(set.statusCode).toBe(200);
    expect(await status()).toEqual({ status: 'inactive', start_time: start, end_time: end });
    t.clock.advance(61 * 60_000);
    expect((await status()).status).toBe('active');
    t.clock.advance(3 * 60 * 60_000);
    expect((await status()).status).toBe('inactive');
    // Hours have passed on the fake clock: a fresh sign-in.
    sam = await staffToken(t, '9000000001');
    anita = await staffToken(t, '9000000002');
    await t.request({ method: 'PUT', url: ROUTES.maintenanceSet.path, headers: bearer(sam), payload: { enabled: true } });
    expect((await status()).status).toBe('active');
    await t.request({ method: 'PUT', url: ROUTES.maintenanceSet.path, headers: bearer(sam), payload: { enabled: false } });
    expect((await status()).status).toBe('inactive');
  });
});

describe('uploads', () => {
  it('answers the upload constraints', async () => {
    const res = await t.request({ method: 'GET', url: ROUTES.uploadConstraint.path, headers: bearer(anita) });
    expect(res.json().result).toEqual({
      max_image_size: 10485760,
      max_video_size: 104857600,
      max_doc_size: 20971520,
      total_media: 10,
    });
    expect((await t.request({ method: 'GET', url: ROUTES.uploadConstraint.path })).statusCode).toBe(401);
  });

  it('stores an image without its metadata, and a PDF as it is', async () => {
    const png = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#ffffff' } })
      .png()
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .toBuffer();
    const res = await upload(await parentToken(t, '9000000004'), png, 'image/png', 'screen.png');
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().result;
    expect(image).toMatchObject({ kind: 'image', name: 'screen.png' });
    const file = await t.request({ method: 'GET', url: image.media_link });
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 2560 });
    expect(file.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    const pdf = await upload(anita, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf', 'notice.pdf');
    expect(pdf.json().result).toMatchObject({ kind: 'document', name: 'notice.pdf' });
  });

  it('refuses files that are not what they claim, and kinds it does not take', async () => {
    expect((await upload(undefined, Buffer.from('x'), 'image/png', 'a.png')).statusCode).toBe(401);
    expect((await upload(anita, Buffer.from('not a pdf'), 'application/pdf', 'a.pdf')).statusCode).toBe(400);
    expect((await upload(anita, Buffer.from('not an image'), 'image/png', 'a.png')).statusCode).toBe(400);
    expect(
      (await upload(anita, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 'a.svg')).statusCode,
    ).toBe(415);
    expect((await upload(anita, Buffer.from('MZ'), 'application/x-msdownload', 'a.exe')).statusCode).toBe(415);
  });
});

describe('bug reports', () => {
  it("needs a description: 'Please describe the issue'", async () => {
    expect(
      (await t.request({ method: 'POST', url: ROUTES.bugReport.path, payload: { url: '/', summary: 'x' } })).statusCode,
    ).toBe(401);
    const res = await t.request({
      method: 'POST',
      url: ROUTES.bugReport.path,
      headers: bearer(anita),
      payload: { url: '/dashboard', summary: '   ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({ field: 'summary', message: 'Please describe the issue' });
    const outside = await t.request({
      method: 'POST',
      url: ROUTES.bugReport.path,
      headers: bearer(anita),
      payload: { url: '/', summary: 'x', media: [{ media_link: 'https://evil.example/x.png' }] },
    });
    expect(outside.statusCode).toBe(400);
  });

  it('records a report with its screenshot; super admins see the reports', async () => {
    const shot = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const media = (await upload(anita, shot, 'image/png', 'shot.png')).json().result;
    const res = await t.request({
      method: 'POST',
      url: ROUTES.bugReport.path,
      headers: { ...bearer(anita), 'user-agent': 'TestBrowser/1.0' },
      payload: {
        url: 'http://localhost/dashboard',
        summary: 'The class card is cut off',
        media: [{ media_link: media.media_link }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Issue reported successfully');
    expect((await t.request({ method: 'GET', url: ROUTES.bugReportList.path, headers: bearer(anita) })).statusCode).toBe(403);
    const list = (await t.request({ method: 'GET', url: ROUTES.bugReportList.path, headers: bearer(sam) })).json().result;
    expect(list[0]).toMatchObject({
      summary: 'The class card is cut off',
      url: 'http://localhost/dashboard',
      media: [{ media_link: media.media_link }],
      reporter: { first_name: 'Anita', kind: 'staff' },
      school: { name: 'Sunrise Early Years' },
      user_agent: 'TestBrowser/1.0',
    });
    // Somebody else's file cannot ride along in a report (nor be kept from clean-up by one).
    const other = await staffToken(t, '9000000003');
    const borrowed = await t.request({
      method: 'POST',
      url: ROUTES.bugReport.path,
      headers: bearer(other),
      payload: { url: '/', summary: 'Borrowed screenshot', media: [{ media_link: media.media_link }] },
    });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().errors[0].field).toBe('media');
  });
});
