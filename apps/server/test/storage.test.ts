import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODES } from '@cue/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, users } from '../src/platform/db/schema.js';
import {
  LocalStorage,
  MEDIA_GRACE_MS,
  MediaStore,
  type ObjectStore,
  PRESIGNED_LIFETIME_S,
  PRESIGNED_REDIRECT_MAX_AGE_S,
  type S3Settings,
  S3Storage,
} from '../src/platform/storage.js';
import { createTestApp, FakeClock, signIn, type TestApp } from './harness.js';

/** s3rver ships no types: the part of it these tests use. */
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

let store: S3rverServer;
let s3Dir: string;
let s3: S3Settings;
let local: TestApp;
/** Any person of the demo school: every stored file names who uploaded it. */
let uploaderId: string;
beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-s3-'));
  // A local S3-compatible server on a free port; it accepts only requests signed with these keys.
  store = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir });
  const { port } = await store.run();
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'cue-media',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  };
  const setup = new S3Storage(s3);
  await setup.ensureBucket();
  await setup.ensureBucket(); // a second time finds it
  setup.destroy();
  local = await createTestApp();
  const [someone] = await local.database.db.select({ id: users.id }).from(users).limit(1);
  uploaderId = someone?.id ?? '';
});
afterAll(async () => {
  await local?.close();
  await store?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const backends: [string, () => { objects: ObjectStore; close(): void }][] = [
  [
    'local disk',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cue-media-'));
      return { objects: new LocalStorage(dir), close: () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3-compatible store',
    () => {
      const objects = new S3Storage(s3);
      return { objects, close: () => objects.destroy() };
    },
  ],
];

describe.each(backends)('storage on the %s', (_name, open) => {
  let objects: ObjectStore;
  let close: () => void;
  let clock: FakeClock;
  let store: MediaStore;
  const uploader = () => uploaderId;
  beforeAll(() => {
    ({ objects, close } = open());
    clock = new FakeClock();
    store = new MediaStore(local.database.db, clock, objects);
  });
  afterAll(() => close());

  it('puts, reads and removes bytes under a key', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    await objects.put('uploads/a/one.bin', bytes, 'application/octet-stream');
    expect(await objects.read('uploads/a/one.bin')).toEqual(bytes);
    // Written again under the same name, the new bytes are read.
    await objects.put('uploads/a/one.bin', Buffer.from('second'), 'text/plain');
    expect((await objects.read('uploads/a/one.bin'))?.toString()).toBe('second');
    await objects.remove('uploads/a/one.bin');
    expect(await objects.read('uploads/a/one.bin')).toBeNull();
    // Removing what is not there is no error.
    await objects.remove('uploads/a/one.bin');
  });

  it('reads null for a missing object', async () => {
    expect(await objects.read('uploads/none/missing.webp')).toBeNull();
    expect(await store.read('/media/uploads/none/missing.webp?exp=1&sig=x')).toBeNull();
    expect(await store.read('https://elsewhere.example/x.webp')).toBeNull();
  });

  it('refuses keys outside its root before touching anything', async () => {
    for (const key of [
      '../escape.txt',
      'a/../../escape.txt',
      '/etc/passwd',
      'a//b.txt',
      'a/./b.txt',
      '',
      'a\\b.txt',
      'a/b c.txt',
    ]) {
      await expect(objects.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/invalid storage key/);
      await expect(objects.read(key), key).rejects.toThrow(/invalid storage key/);
      await expect(objects.remove(key), key).rejects.toThrow(/invalid storage key/);
    }
    await expect(
      store.put('../x.webp', Buffer.from('x'), 'image/webp', { uploadedBy: uploader(), schoolId: null }),
    ).rejects.toThrow(/invalid storage key/);
    await expect(store.read('/media/../../etc/passwd')).rejects.toThrow(/invalid storage key/);
  });

  it("writes the file's media row with the bytes, and removes both", async () => {
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const url = await store.put('uploads/test/row.webp', bytes, 'image/webp', {
      uploadedBy: uploader(),
      schoolId: null,
      name: 'my/photo.webp',
    });
    expect(url).toBe('/media/uploads/test/row.webp');
    const [row] = await local.database.db.select().from(media).where(eq(media.url, url));
    expect(row).toMatchObject({ mimeType: 'image/webp', size: bytes.length, name: 'my_photo.webp', kind: 'image' });
    // Read back through its link, signed or not (the PDF export reads photos this way).
    expect(await store.read(url)).toEqual(bytes);
    expect(await store.read(`${url}?exp=123&sig=abc`)).toEqual(bytes);
    expect(await store.storedSince(uploader(), new Date(clock.now().getTime() - 1000))).toBeGreaterThanOrEqual(bytes.length);

    await store.remove(`${url}?exp=123&sig=abc`);
    expect(await objects.read('uploads/test/row.webp')).toBeNull();
    expect(await local.database.db.select().from(media).where(eq(media.url, url))).toEqual([]);
  });

  it('removes the bytes of files nothing refers to after the grace period, and keeps the others', async () => {
    const orphan = await store.put('uploads/test/orphan.txt', Buffer.from('orphan'), 'text/plain', {
      uploadedBy: uploader(),
      schoolId: null,
      kind: 'document',
    });
    clock.advance(MEDIA_GRACE_MS / 2);
    const young = await store.put('uploads/test/young.txt', Buffer.from('young'), 'text/plain', {
      uploadedBy: uploader(),
      schoolId: null,
      kind: 'document',
    });
    clock.advance(MEDIA_GRACE_MS / 2 + 60_000);
    expect(await store.removeUnreferenced()).toBeGreaterThanOrEqual(1);
    expect(await objects.read('uploads/test/orphan.txt')).toBeNull();
    expect(await local.database.db.select().from(media).where(eq(media.url, orphan))).toEqual([]);
    // Uploaded within the grace period: still there, bytes and row.
    expect((await objects.read('uploads/test/young.txt'))?.toString()).toBe('young');
    expect(await local.database.db.select().from(media).where(eq(media.url, young))).toHaveLength(1);
    await store.remove(young);
  });
});

describe('serving stored files from an S3-compatible store', () => {
  let t: TestApp;
  let photo: Buffer;
  beforeAll(async () => {
    t = await createTestApp({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY: s3.accessKeyId,
      S3_SECRET_KEY: s3.secretAccessKey,
    });
    photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#22c55e' } })
      .jpeg()
      .toBuffer();
  });
  afterAll(() => t?.close());

  const uploadParentPicture = async () => {
    const login = await signIn(t, '9000000004');
    const boundary = '----cue-storage-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="parent_profile_picture"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const res = await t.request({
      method: 'POST',
      url: `/api/parent/${login.parent_user?.user_details.parent_id}`,
      headers: {
        authorization: `Bearer ${login.parent_user?.access_token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([Buffer.from(head), photo, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.parent_profile_picture as string;
  };

  it('stores an upload in the bucket, not on the disk', async () => {
    expect(t.services.storage.objects).toBeInstanceOf(S3Storage);
    const url = await uploadParentPicture();
    const key = url.split('?')[0]?.slice('/media/'.length) ?? '';
    const direct = new S3Storage(s3);
    const bytes = await direct.read(key);
    direct.destroy();
    expect(bytes).not.toBeNull();
    expect((await sharp(bytes ?? Buffer.alloc(0)).metadata()).format).toBe('webp');
  });

  it('answers a signed link with a short redirect to a presigned link that gives the bytes', async () => {
    const url = await uploadParentPicture();
    expect(url).toMatch(/^\/media\/profile\/parent\/[0-9a-f]{24}\.webp\?exp=\d+&sig=[\w-]+$/);
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    // Path-style: the bucket is the first folder, on the endpoint's own host.
    expect(location.pathname).toBe(`/${s3.bucket}/${url.split('?')[0]?.slice('/media/'.length)}`);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(PRESIGNED_LIFETIME_S);
    expect(res.headers['cache-control']).toBe(`private, max-age=${PRESIGNED_REDIRECT_MAX_AGE_S}`);
    expect(PRESIGNED_REDIRECT_MAX_AGE_S).toBeLessThan(PRESIGNED_LIFETIME_S - 60);

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes).toEqual(await t.services.storage.read(url));
    expect((await sharp(bytes).metadata()).width).toBe(512);

    // Within the same minute the same presigned link comes back (the browser reuses what it fetched).
    const again = await t.request({ method: 'GET', url });
    if (new Date().getUTCSeconds() > 2) expect(again.headers.location).toBe(res.headers.location);

    // A SigV4 presigned link, dated at the start of its minute. The store checks it (s3rver checks the
    // key and the expiry, not the signature itself, which AWS S3 and MinIO do).
    expect(location.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(location.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(location.searchParams.get('X-Amz-Date')).toMatch(/^\d{8}T\d{4}00Z$/);
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const stale = new URL(location);
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
    stale.searchParams.set('X-Amz-Date', hourAgo);
    expect((await fetch(stale)).status).toBe(403);
    const stranger = new URL(location);
    stranger.searchParams.set(
      'X-Amz-Credential',
      (location.searchParams.get('X-Amz-Credential') ?? '').replace('S3RVER', 'NOBODY'),
    );
    expect((await fetch(stranger)).status).toBe(403);
  });

  it('still refuses unsigned, forged and expired links before any redirect', async () => {
    const url = await uploadParentPicture();
    const path = url.split('?')[0] ?? '';
    const unsigned = await t.request({ method: 'GET', url: path });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.headers.location).toBeUndefined();
    const forged = await t.request({ method: 'GET', url: url.replace(/sig=[\w-]{4}/, 'sig=AAAA') });
    expect(forged.statusCode).toBe(403);
    // A name storage never writes is 404, as on the local disk.
    expect((await t.request({ method: 'GET', url: '/media/profile/parent/..%2F..%2Fx.webp' })).statusCode).toBe(404);

    t.clock.advance(60 * 60 * 1000);
    const expired = await t.request({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe(ERROR_CODES.mediaLinkExpired);
    expect(expired.headers.location).toBeUndefined();
  });

  it('redirects public files (school logos) without a signature', async () => {
    const logo = await t.services.storage.put('school/demo/logo-test.webp', Buffer.from('logo'), 'image/webp', {
      uploadedBy: uploaderId,
      schoolId: null,
    });
    const res = await t.request({ method: 'GET', url: logo });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe(`private, max-age=${PRESIGNED_REDIRECT_MAX_AGE_S}`);
    expect(await (await fetch(res.headers.location as string)).text()).toBe('logo');
    await t.services.storage.remove(logo);
  });

  it("lets the browser load images and media from the store's origin, and only then", async () => {
    const csp = (await t.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
    expect(csp).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.endpoint}`));
    const localCsp = (await local.request({ method: 'GET', url: '/api/health' })).headers['content-security-policy'] as string;
    expect(localCsp).not.toContain('127.0.0.1');
    expect(localCsp).toMatch(/img-src 'self' data: blob:;/);
  });
});
