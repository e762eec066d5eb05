import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CHUNK_CONTENT_TYPE, ERROR_CODES, MEDIA_CHUNK_BYTES, MEDIA_PAGE_SIZE, ROUTES } from '@cue/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceReferences, mediaFaces, mediaItems, mediaQuotas } from '../src/platform/db/schema.js';
import { newId } from '../src/platform/ids.js';
import { demoId } from '../src/seed/demo.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
let anita: string; // admin of Sunrise
let tara: string; // teacher of Nursery A
let neha: string; // teacher of Kindergarten B
let nehaParent: string; // mother of Diya (Nursery A)
let rohan: string; // father of Aarav (Nursery A) and Ira (Kindergarten B)
let mona: string; // teacher at Moonbeam
let sam: string; // super admin
const nurseryA = demoId('class:nurseryA');
const sunrise = demoId('school:sunrise');
const aarav = demoId('student:Aarav Sharma'); // no consents recorded
const diya = demoId('student:Diya Patel'); // photos yes, face recognition no
const vihaan = demoId('student:Vihaan Gupta'); // photos and face recognition yes
const meera = demoId('student:Meera Nair'); // no photos

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object, headers = {}) =>
  t.request({ method, url, headers: { ...(token ? bearer(token) : {}), ...headers }, payload });

const boundary = '----cue-gallery';
function upload(
  token: string | undefined,
  bytes: Buffer,
  type = 'image/jpeg',
  fields: Record<string, string> = {},
  classId = nurseryA,
) {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.${type.split('/')[1]}"\r\nContent-Type: ${type}\r\n\r\n`;
  return t.request({
    method: 'POST',
    url: `/api/class_media/${classId}`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

/** Runs the jobs due (processing, redaction) until none is left. */
async function settle() {
  for (let i = 0; i < 10; i++) if ((await t.services.jobs.runDue()) === 0) return;
}

async function uploaded(fields: Record<string, string> = {}, bytes?: Buffer) {
  const photo =
    bytes ??
    (await sharp({ create: { width: 120, height: 90, channels: 3, background: '#f59e0b' } })
      .jpeg()
      .toBuffer());
  const item = expectResponse(ROUTES.classMediaUpload, await upload(tara, photo, 'image/jpeg', fields)).result;
  await settle();
  return item._id;
}
const itemAs = async (token: string, id: string) => req('GET', `/api/class_media_edit/${id}`, token);
const listAs = async (token: string, query = '', page?: number) =>
  expectResponse(
    ROUTES.classMediaList,
    await req('GET', `/api/class_media/${nurseryA}${query}`, token, undefined, page ? { PageNumber: String(page) } : {}),
  ).result;
const mediaCount = async () =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from media`)) as unknown as { rows: { n: number }[] }).rows[0]?.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  [anita, tara, neha, nehaParent, rohan, mona, sam] = await Promise.all([
    staffToken(t, '9000000002'),
    staffToken(t, '9000000003'),
    staffToken(t, '9000000005'),
    parentToken(t, '9000000005'),
    parentToken(t, '9000000004'),
    staffToken(t, '9000000006'),
    staffToken(t, '9000000001'),
  ]);
});
afterAll(() => t.close());

describe('uploading to the class gallery', () => {
  it('refuses without a token (401), another school (404), another class (403) and a family (403)', async () => {
    const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect((await upload(undefined, photo)).statusCode).toBe(401);
    expect((await upload(mona, photo)).statusCode).toBe(404);
    expect((await upload(neha, photo)).statusCode).toBe(403);
    expect((await upload(rohan, photo)).statusCode).toBe(403);
    expect((await upload(tara, Buffer.from('<svg/>'), 'image/svg+xml')).statusCode).toBe(415);
    const bad = await upload(tara, photo, 'image/jpeg', { privacy: 'everyone' });
    expect(bad.statusCode).toBe(400);
    // The fields sent with the file are held to the contract: a caption of 1 MB, a date that does not exist, a null byte.
    const long = await upload(tara, photo, 'image/jpeg', { caption: 'x'.repeat(1024 * 1024) });
    expect(long.statusCode).toBe(400);
    const longish = await upload(tara, photo, 'image/jpeg', { caption: '=SUM(A1)'.repeat(300) });
    expect(longish.statusCode).toBe(400);
    expect(longish.json().errors?.[0]?.field ?? longish.json().message).toMatch(/caption/);
    expect((await upload(tara, photo, 'image/jpeg', { taken_on: '31-02-2026' })).statusCode).toBe(400);
    expect((await upload(tara, photo, 'image/jpeg', { caption: 'a\u0000b' })).statusCode).toBe(400);
    const formula = expectResponse(ROUTES.classMediaUpload, await upload(tara, photo, 'image/jpeg', { caption: '=SUM(A1)' }));
    expect(formula.result.caption).toBe('=SUM(A1)');
  });

  it('answers at once with the item in processing, then a job makes the copies without the photo’s metadata', async () => {
    const withGps = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#22c55e' } })
      .withExif({ IFD0: { Copyright: 'Camera owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const answer = expectResponse(
      ROUTES.classMediaUpload,
      await upload(tara, withGps, 'image/jpeg', { caption: 'Painting outside', privacy: 'class' }),
    );
    expect(answer.message).toBe('Uploaded');
    expect(answer.result).toMatchObject({ status: 'processing', privacy: 'class', caption: 'Painting outside', url: null });
    await settle();
    const item = expectResponse(ROUTES.mediaItem, await itemAs(tara, answer.result._id)).result;
    expect(item).toMatchObject({ status: 'ready', width: 300, height: 200, kind: 'image' });
    expect(item.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{6,}$/);
    for (const link of [item.url, item.medium_url, item.thumb_url]) expect(link).toMatch(/^\/media\/gallery\/.+\?exp=\d+&sig=/);
    const full = await t.request({ method: 'GET', url: item.url ?? '' });
    expect(full.statusCode).toBe(200);
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    // The same file without its signature is refused: the name alone is not enough.
    expect((await t.request({ method: 'GET', url: (item.url ?? '').split('?')[0] ?? '' })).statusCode).toBe(403);
  });

  it('refuses an upload past the school’s quota before a byte is stored', async () => {
    await t.database.db
      .insert(mediaQuotas)
      .values({ schoolId: sunrise, quotaBytes: 1 })
      .onConflictDoUpdate({
        target: mediaQuotas.schoolId,
        set: { quotaBytes: 1 },
      });
    const before = await mediaCount();
    const files = fs.readdirSync(
      path.join((t.services.storage.objects as { root?: string }).root ?? '', 'gallery', sunrise),
    ).length;
    const photo = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#111' } })
      .jpeg()
      .toBuffer();
    const res = await upload(tara, photo);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.mediaQuotaFull });
    expect(await mediaCount()).toBe(before);
    expect(
      fs.readdirSync(path.join((t.services.storage.objects as { root?: string }).root ?? '', 'gallery', sunrise)).length,
    ).toBe(files);
    await t.database.db.delete(mediaQuotas);
  });
});

describe('large files in chunks', () => {
  const chunk = (token: string, id: string, offset: number, bytes: Buffer) =>
    t.request({
      method: 'PUT',
      url: `/api/media_uploads/${id}`,
      headers: { ...bearer(token), 'content-type': CHUNK_CONTENT_TYPE, 'upload-offset': String(offset) },
      payload: bytes,
    });

  it('takes a file in chunks, resumes where the server says after a lost answer, and makes the item from the whole', async () => {
    const photo = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(MEDIA_CHUNK_BYTES / 8);
    const started = expectResponse(
      ROUTES.mediaUploadStart,
      await req('POST', `/api/class_media_uploads/${nurseryA}`, tara, {
        file_name: 'noise.jpg',
        mime_type: 'image/jpeg',
        size: photo.length,
        caption: 'In pieces',
      }),
    ).result;
    expect(started).toMatchObject({ received: 0, size: photo.length, item: null });
    const third = Math.ceil(photo.length / 3);
    const first = expectResponse(ROUTES.mediaUploadChunk, await chunk(tara, started._id, 0, photo.subarray(0, third))).result;
    expect(first.received).toBe(third);
    // The first chunk sent again (its answer was lost) changes nothing; a chunk past the received bytes is refused.
    expect(
      expectResponse(ROUTES.mediaUploadChunk, await chunk(tara, started._id, 0, photo.subarray(0, third))).result.received,
    ).toBe(third);
    const gap = await chunk(tara, started._id, third * 2, photo.subarray(third * 2));
    expect(gap.statusCode).toBe(409);
    // Another person cannot see or add to it; the sender asks where to resume.
    expect((await req('GET', `/api/media_uploads/${started._id}`, anita)).statusCode).toBe(404);
    expect((await chunk(neha, started._id, third, photo.subarray(third, third * 2))).statusCode).toBe(404);
    const status = expectResponse(ROUTES.mediaUploadStatus, await req('GET', `/api/media_uploads/${started._id}`, tara)).result;
    expect(status.received).toBe(third);
    await chunk(tara, started._id, third, photo.subarray(third, third * 2));
    const done = expectResponse(
      ROUTES.mediaUploadChunk,
      await chunk(tara, started._id, third * 2, photo.subarray(third * 2)),
    ).result;
    expect(done.item).toMatchObject({ status: 'processing', caption: 'In pieces', name: 'noise.jpg' });
    await settle();
    const item = expectResponse(ROUTES.mediaItem, await itemAs(tara, done.item?._id ?? '')).result;
    expect(item).toMatchObject({ status: 'ready', width: 900, height: 700 });
  });

  it('refuses at the start what could never be stored: a wrong type, too large for its kind, past the quota', async () => {
    const start = (body: object) => req('POST', `/api/class_media_uploads/${nurseryA}`, tara, body);
    expect((await start({ file_name: 'a.exe', mime_type: 'application/x-msdownload', size: 10 })).statusCode).toBe(415);
    const big = await start({ file_name: 'long.mp4', mime_type: 'video/mp4', size: 2 * 1024 ** 3 });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(ERROR_CODES.fileTooLarge);
    expect((await start({ file_name: 'x.mp4', mime_type: 'video/mp4', size: 0 })).statusCode).toBe(400);
    expect(
      (await req('POST', `/api/class_media_uploads/${nurseryA}`, neha, { file_name: 'x.mp4', mime_type: 'video/mp4', size: 10 }))
        .statusCode,
    ).toBe(403);
    const chunkTooLarge = await t.request({
      method: 'PUT',
      url: `/api/media_uploads/${newId()}`,
      headers: { ...bearer(tara), 'content-type': CHUNK_CONTENT_TYPE, 'upload-offset': '0' },
      payload: Buffer.alloc(MEDIA_CHUNK_BYTES + 1),
    });
    expect(chunkTooLarge.statusCode).toBe(413);
  });
});

describe('who sees what', () => {
  let classItem: string;
  let taggedAarav: string;
  let staffOnly: string;

  beforeAll(async () => {
    classItem = await uploaded({ privacy: 'class' });
    taggedAarav = await uploaded({ privacy: 'tagged' });
    staffOnly = await uploaded({ privacy: 'staff' });
    expectResponse(ROUTES.mediaEdit, await req('POST', `/api/class_media_edit/${taggedAarav}`, tara, { student_ids: [aarav] }));
  });

  it('a family sees the class’s items and the tagged items of its own child, never another family’s', async () => {
    const rohans = (await listAs(rohan)).items.map((i) => i._id);
    expect(rohans).toEqual(expect.arrayContaining([classItem, taggedAarav]));
    expect(rohans).not.toContain(staffOnly);
    const nehas = (await listAs(nehaParent)).items.map((i) => i._id);
    expect(nehas).toContain(classItem);
    expect(nehas).not.toContain(taggedAarav);
    expect(nehas).not.toContain(staffOnly);
    expect((await itemAs(nehaParent, taggedAarav)).statusCode).toBe(404);
    expect((await itemAs(rohan, staffOnly)).statusCode).toBe(404);
    expect((await itemAs(rohan, taggedAarav)).statusCode).toBe(200);
    // The staff see everything, faces and all.
    const staff = (await listAs(tara)).items.map((i) => i._id);
    expect(staff).toEqual(expect.arrayContaining([classItem, taggedAarav, staffOnly]));
  });

  it('marks what is new to a family until it has opened the gallery', async () => {
    t.clock.advance(1000);
    const fresh = await uploaded({ privacy: 'class' });
    // The family's last visit is marked at most once a minute.
    t.clock.advance(61_000);
    const first = await listAs(nehaParent);
    expect(first.items.find((i) => i._id === fresh)?.is_new).toBe(true);
    expect(first.items.find((i) => i._id === classItem)?.is_new).toBe(false);
    t.clock.advance(1000);
    const again = await listAs(nehaParent);
    expect(again.items.find((i) => i._id === fresh)?.is_new).toBe(false);
    expect(first.abilities).toEqual({ can_upload: false, can_manage: false });
  });

  it('a family is told only its own children’s names among the tagged', async () => {
    await req('POST', `/api/class_media_edit/${taggedAarav}`, tara, { student_ids: [aarav, diya] });
    const seenByRohan = expectResponse(ROUTES.mediaItem, await itemAs(rohan, taggedAarav)).result;
    expect(seenByRohan.tagged.map((p) => p._id)).toEqual([aarav]);
    const seenByTara = expectResponse(ROUTES.mediaItem, await itemAs(tara, taggedAarav)).result;
    expect(seenByTara.tagged.map((p) => p._id).sort()).toEqual([aarav, diya].sort());
  });

  it('changing privacy is checked against photo consent', async () => {
    const refused = await req('POST', ROUTES.mediaPrivacy.path, tara, { media_ids: [taggedAarav], privacy: 'class' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODES.noPhotoConsent);
    const tagMeera = await req('POST', `/api/class_media_edit/${classItem}`, tara, { student_ids: [meera] });
    expect(tagMeera.statusCode).toBe(409);
    const ok = expectResponse(
      ROUTES.mediaPrivacy,
      await req('POST', ROUTES.mediaPrivacy.path, tara, { media_ids: [staffOnly], privacy: 'tagged' }),
    );
    expect(ok.result[0]?.privacy).toBe('tagged');
    // Vihaan's family agreed to photos: he may be tagged in an item the whole class sees.
    const many = expectResponse(
      ROUTES.tagMany,
      await req('POST', ROUTES.tagMany.path, tara, { media_ids: [classItem], student_ids: [vihaan] }),
    );
    expect(many.result[0]?.tagged.map((p) => p._id)).toEqual([vihaan]);
    expect((await req('POST', ROUTES.tagMany.path, tara, { media_ids: [classItem], student_ids: [meera] })).statusCode).toBe(409);
    // A child of another class cannot be tagged.
    const ira = demoId('student:Ira Sharma');
    expect((await req('POST', ROUTES.tagMany.path, tara, { media_ids: [classItem], student_ids: [ira] })).statusCode).toBe(400);
  });

  it("a child's media lists the items the child is tagged in, for the family and the class's staff", async () => {
    const mine = expectResponse(ROUTES.childMedia, await req('GET', `/api/search_child_media/${aarav}`, rohan)).result;
    expect(mine.items.map((i) => i._id)).toContain(taggedAarav);
    expect((await req('GET', `/api/search_child_media/${aarav}`, nehaParent)).statusCode).toBe(404);
    expect((await req('GET', `/api/search_child_media/${aarav}`, neha)).statusCode).toBe(403);
    expect((await req('GET', `/api/search_child_media/${aarav}`, mona)).statusCode).toBe(404);
  });

  it('filters by day and by child, and pages by the PageNumber header', async () => {
    const filtered = expectResponse(
      ROUTES.mediaFilter,
      await req('POST', `/api/filter_medias_by_date/${nurseryA}`, tara, { student_id: vihaan }),
    ).result;
    expect(filtered.items.map((i) => i._id)).toEqual([classItem]);
    const none = expectResponse(
      ROUTES.mediaFilter,
      await req('POST', `/api/filter_medias_by_date/${nurseryA}`, tara, { from_date: '01-01-2020', to_date: '31-01-2020' }),
    ).result;
    expect(none.total).toBe(0);
    expect((await req('POST', `/api/filter_medias_by_date/${nurseryA}`, tara, { from_date: '31-02-2020' })).statusCode).toBe(400);
    // Enough rows for two pages.
    const now = t.clock.now();
    await t.database.db.insert(mediaItems).values(
      Array.from({ length: MEDIA_PAGE_SIZE + 3 }, (_, i) => ({
        id: newId(),
        schoolId: sunrise,
        classId: nurseryA,
        kind: 'image',
        status: 'ready',
        privacy: 'staff',
        name: `old-${i}.jpg`,
        takenOn: '2026-01-05',
        mimeType: 'image/jpeg',
        bytes: 10,
        createdAt: new Date(now.getTime() - i * 1000),
      })),
    );
    const first = await listAs(tara);
    expect(first.items).toHaveLength(MEDIA_PAGE_SIZE);
    expect(first.has_more).toBe(true);
    const second = await listAs(tara, '', 2);
    expect(second.page).toBe(2);
    expect(second.items.length).toBe(first.total - MEDIA_PAGE_SIZE);
    expect(new Set([...first.items, ...second.items].map((i) => i._id)).size).toBe(first.total);
    expect((await req('GET', `/api/class_media/${nurseryA}`, tara, undefined, { PageNumber: 'zero' })).statusCode).toBe(400);
  });
});

describe('albums, posts, the bin', () => {
  it('an album is created, renamed, given a cover, emptied and deleted; a family sees it only with items it may see', async () => {
    const a = await uploaded({ privacy: 'class' });
    const b = await uploaded({ privacy: 'staff' });
    const album = expectResponse(
      ROUTES.albumCreate,
      await req('POST', `/api/class_album/${nurseryA}`, tara, { name: 'Autumn walk', media_ids: [a, b] }),
    ).result;
    expect(album).toMatchObject({ name: 'Autumn walk', item_count: 2 });
    const edited = expectResponse(
      ROUTES.albumEdit,
      await req('POST', `/api/album_edit/${album._id}`, tara, { name: 'Autumn', cover_id: b, remove_ids: [a] }),
    ).result;
    expect(edited).toMatchObject({ name: 'Autumn', item_count: 1 });
    expect(edited.cover?._id).toBe(b);
    // Only a staff item left: families do not see the album.
    expect((await req('GET', `/api/album_edit/${album._id}`, rohan)).statusCode).toBe(404);
    const listed = expectResponse(ROUTES.albumList, await req('GET', `/api/class_album/${nurseryA}`, rohan)).result;
    expect(listed.map((x) => x._id)).not.toContain(album._id);
    expect((await req('POST', `/api/album_edit/${album._id}`, neha, { name: 'Mine' })).statusCode).toBe(403);
    expect((await req('POST', `/api/album_edit/${album._id}`, mona, { name: 'Mine' })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/album_edit/${album._id}`, tara)).statusCode).toBe(200);
    expect((await req('GET', `/api/album_edit/${album._id}`, tara)).statusCode).toBe(404);
  });

  it('a post groups several items under one caption', async () => {
    const a = await uploaded();
    const b = await uploaded();
    const post = expectResponse(
      ROUTES.postCreate,
      await req('POST', `/api/create_post_with_media/${nurseryA}`, tara, { caption: 'Our garden', media_ids: [a, b] }),
    ).result;
    expect(post.items.map((i) => i.post?.caption)).toEqual(['Our garden', 'Our garden']);
  });

  it('deleted items wait in the bin for 30 days, can be restored, then go with their files', async () => {
    const a = await uploaded();
    const b = await uploaded();
    const [before] = await t.database.db.select().from(mediaItems).where(sql`${mediaItems.id} = ${b}`);
    expectResponse(ROUTES.mediaDeleteMany, await req('POST', ROUTES.mediaDeleteMany.path, tara, { media_ids: [a, b] }));
    expect((await listAs(tara)).items.map((i) => i._id)).not.toContain(a);
    const bin = await listAs(tara, '?bin=true');
    expect(bin.items.map((i) => i._id)).toEqual(expect.arrayContaining([a, b]));
    expect((await req('GET', `/api/class_media/${nurseryA}?bin=true`, rohan)).statusCode).toBe(403);
    expectResponse(ROUTES.mediaRestore, await req('POST', `/api/class_media_restore/${a}`, tara));
    expect((await listAs(tara)).items.map((i) => i._id)).toContain(a);
    t.clock.advance(31 * 86_400_000);
    await settle();
    expect(await t.database.db.select().from(mediaItems).where(sql`${mediaItems.id} = ${b}`)).toEqual([]);
    expect(await t.services.storage.read(before?.url ?? '')).toBeNull();
    expect((await t.database.db.select().from(mediaItems).where(sql`${mediaItems.id} = ${a}`)).length).toBe(1);
    [tara, rohan, anita, sam] = await Promise.all([
      staffToken(t, '9000000003'),
      parentToken(t, '9000000004'),
      staffToken(t, '9000000002'),
      staffToken(t, '9000000001'),
    ]);
    [neha, nehaParent, mona] = await Promise.all([
      staffToken(t, '9000000005'),
      parentToken(t, '9000000005'),
      staffToken(t, '9000000006'),
    ]);
  });

  it('adds items to an observation and to an activity of the class', async () => {
    const a = await uploaded();
    const today = t.clock.now().toISOString().slice(0, 10).split('-').reverse().join('-');
    const obs = expectResponse(
      ROUTES.observationCreate,
      await req('POST', ROUTES.observationCreate.path, tara, {
        class_id: nurseryA,
        observation_entries: [{ student_id: vihaan, date: today, general_note: 'Vihaan painted leaves' }],
      }),
    ).result.observation_entries[0]?.id;
    const added = expectResponse(
      ROUTES.observationAddMedia,
      await req('POST', `/api/add_media_to_anecdotes/${obs}`, tara, { media_ids: [a] }),
    ).result;
    expect(added.media).toHaveLength(1);
    const event = expectResponse(
      ROUTES.calendarCreate,
      await req('POST', ROUTES.calendarCreate.path, tara, {
        title: 'Leaf hunt',
        start_date: today,
        end_date: today,
        class_id: nurseryA,
      }),
    ).result.id;
    expectResponse(ROUTES.mediaToActivity, await req('POST', `/api/media_add_in_activity/${event}`, tara, { media_ids: [a] }));
    const item = expectResponse(ROUTES.mediaItem, await itemAs(tara, a)).result;
    expect(item.observation_ids).toEqual([obs]);
    expect(item.activity_ids).toEqual([event]);
    expect((await req('POST', `/api/media_add_in_activity/${event}`, neha, { media_ids: [a] })).statusCode).toBe(403);
  });
});

describe('storage use and quota', () => {
  it('shows the school its use by class and type, and a request for more space that a super admin grants', async () => {
    const usage = expectResponse(ROUTES.mediaUsage, await req('GET', ROUTES.mediaUsage.path, tara)).result;
    expect(usage.used_bytes).toBeGreaterThan(0);
    expect(usage.quota_bytes).toBe(10 * 1024 ** 3);
    const track = expectResponse(
      ROUTES.mediaConsumption,
      await req('GET', `/api/school_media_consumption_track/${sunrise}`, anita),
    ).result;
    expect(track.by_class.find((c) => c.class_id === nurseryA)?.bytes).toBeGreaterThan(0);
    expect(track.by_type.image).toBeGreaterThan(0);
    // A few photos a month never fill ten gigabytes.
    expect(track.projected_full_on).toBeNull();
    expect((await req('GET', `/api/school_media_consumption_track/${sunrise}`, tara)).statusCode).toBe(403);
    const asked = expectResponse(
      ROUTES.mediaQuotaExtend,
      await req('POST', `/api/school_media_quota_extend/${sunrise}`, anita, { extra_gb: 5, reason: 'Concert videos' }),
    ).result;
    expect(asked.pending_request?.extra_bytes).toBe(5 * 1024 ** 3);
    expect((await req('POST', `/api/school_media_quota_extend/${sunrise}`, anita, { extra_gb: 1 })).statusCode).toBe(409);
    expect(
      (await req('POST', `/api/media_quota_requests/${asked.pending_request?._id}`, anita, { decision: 'approve' })).statusCode,
    ).toBe(403);
    const pending = expectResponse(ROUTES.mediaQuotaRequests, await req('GET', ROUTES.mediaQuotaRequests.path, sam)).result;
    expect(pending[0]).toMatchObject({ status: 'pending', school: { name: 'Sunrise Early Years' } });
    const decided = expectResponse(
      ROUTES.mediaQuotaDecide,
      await req('POST', `/api/media_quota_requests/${asked.pending_request?._id}`, sam, { decision: 'approve' }),
    ).result;
    expect(decided.status).toBe('approved');
    expect(
      (await req('POST', `/api/media_quota_requests/${asked.pending_request?._id}`, sam, { decision: 'decline' })).statusCode,
    ).toBe(409);
    const after = expectResponse(ROUTES.mediaUsage, await req('GET', ROUTES.mediaUsage.path, tara)).result;
    expect(after.quota_bytes).toBe(15 * 1024 ** 3);
  });
});

describe('faces and consent', () => {
  const require = createRequire(import.meta.url);
  const samples = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

  it('withdrawing face-recognition consent deletes the child’s reference faces at once, with an audit entry', async () => {
    const item = await uploaded();
    await t.database.db.insert(faceReferences).values({
      id: newId(),
      schoolId: sunrise,
      studentId: vihaan,
      descriptor: Array.from({ length: 128 }, () => 0.1),
      itemId: item,
      box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
      term: '2026-autumn',
    });
    await t.database.db.insert(mediaFaces).values({
      id: newId(),
      itemId: item,
      schoolId: sunrise,
      box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
      status: 'assigned',
      studentId: vihaan,
      shown: true,
    });
    const before = expectResponse(
      ROUTES.faceReferences,
      await req('POST', ROUTES.faceReferences.path, tara, { student_id: vihaan }),
    ).result;
    expect(before).toMatchObject({ biometric_consent: true });
    expect(before.references).toHaveLength(1);
    expect((await req('POST', ROUTES.faceReferences.path, neha, { student_id: vihaan })).statusCode).toBe(403);
    expect((await req('POST', ROUTES.faceReferences.path, mona, { student_id: vihaan })).statusCode).toBe(404);
    await req('PUT', `/api/student/${vihaan}/consents`, anita, { key: 'biometric', granted: false });
    const refs = await t.database.db.select().from(faceReferences).where(sql`${faceReferences.studentId} = ${vihaan}`);
    expect(refs).toEqual([]);
    const audit = (await t.database.db.execute(
      sql`select action, count from face_audit where student_id = ${vihaan}`,
    )) as unknown as {
      rows: { action: string; count: number }[];
    };
    expect(audit.rows).toContainEqual({ action: 'consent_withdrawn', count: 1 });
    const [face] = await t.database.db.select().from(mediaFaces).where(sql`${mediaFaces.itemId} = ${item}`);
    expect(face?.shown).toBe(false);
    // Vihaan's face is now blurred for the other families of the class; his family's own copy would stay clear.
    await settle();
    const forFamily = expectResponse(ROUTES.mediaItem, await itemAs(rohan, item)).result;
    const forStaff = expectResponse(ROUTES.mediaItem, await itemAs(tara, item)).result;
    expect(forFamily.medium_url).toMatch(/\/shared-/);
    expect(forFamily.medium_url?.split('?')[0]).not.toBe(forStaff.medium_url?.split('?')[0]);
    await req('PUT', `/api/student/${vihaan}/consents`, anita, { key: 'biometric', granted: true });
  });

  it('finds faces, blurs the unconfirmed ones for families, and suggests a consenting child only after a person confirmed a reference', async () => {
    const photo = fs.readFileSync(path.join(samples, 'sample1.jpg'));
    const id = await uploaded({ privacy: 'class' }, photo);
    const staffView = expectResponse(ROUTES.mediaItem, await itemAs(tara, id)).result;
    expect(staffView.faces.length).toBeGreaterThan(0);
    expect(staffView.faces.every((f) => f.status === 'unmatched')).toBe(true);
    // Families get the copy with faces blurred, and no faces.
    const familyView = expectResponse(ROUTES.mediaItem, await itemAs(rohan, id)).result;
    expect(familyView.faces).toEqual([]);
    expect(familyView.medium_url?.split('?')[0]).not.toBe(staffView.medium_url?.split('?')[0]);
    const face = staffView.faces[0];
    if (!face) throw new Error('no face');
    // Diya's family said no to face recognition: no reference for her.
    const refused = await req('POST', ROUTES.faceAdd.path, tara, { student_id: diya, face_id: face._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ERROR_CODES.noBiometricConsent);
    const added = expectResponse(
      ROUTES.faceAdd,
      await req('POST', ROUTES.faceAdd.path, tara, { student_id: vihaan, face_id: face._id }),
    );
    expect(added.result.references).toHaveLength(1);
    await settle();
    const confirmed = expectResponse(ROUTES.mediaItem, await itemAs(tara, id)).result;
    expect(confirmed.faces.find((f) => f._id === face._id)).toMatchObject({ status: 'assigned', student: { _id: vihaan } });
    expect(confirmed.tagged.map((p) => p._id)).toContain(vihaan);
    // The same face in another photo is now suggested, for a person to confirm; nothing is tagged yet.
    const again = await uploaded({ privacy: 'class' }, await sharp(photo).resize(900).jpeg({ quality: 80 }).toBuffer());
    const next = expectResponse(ROUTES.mediaItem, await itemAs(tara, again)).result;
    const suggested = next.faces.filter((f) => f.status === 'suggested');
    expect(suggested.map((f) => f.student?._id)).toEqual([vihaan]);
    expect(next.tagged).toEqual([]);
    const queue = expectResponse(ROUTES.faceQueue, await req('GET', `/api/class_media_faces/${nurseryA}`, tara)).result;
    expect(queue.faces.some((f) => f.status === 'suggested' && f.media._id === again)).toBe(true);
    const decided = expectResponse(
      ROUTES.faceDecide,
      await req('POST', ROUTES.faceDecide.path, tara, { face_id: suggested[0]?._id, action: 'assign' }),
    ).result;
    expect(decided.tagged.map((p) => p._id)).toEqual([vihaan]);
    const search = expectResponse(
      ROUTES.faceSearch,
      await req('POST', `/api/search_with_face/${nurseryA}`, tara, { student_id: vihaan }),
    ).result;
    expect(search.map((i) => i._id)).toEqual(expect.arrayContaining([id, again]));
    // Resetting the references deletes them.
    const reset = expectResponse(ROUTES.faceReset, await req('POST', ROUTES.faceReset.path, tara, { student_id: vihaan })).result;
    expect(reset.references).toEqual([]);
  }, 120_000);
});
