import { ROUTES } from '@cue/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { send } from '../../lib/http';
import { batchPercent, boxPercent, faceCrop, fileRefusal, formatBytes, groupByDay, runPool, wireDay } from './gallery';

describe('the gallery', () => {
  it('groups items by their day, keeping the order they came in', () => {
    const items = [
      { id: 1, taken_on: '27-11-2026' },
      { id: 2, taken_on: '27-11-2026' },
      { id: 3, taken_on: '26-11-2026' },
      { id: 4, taken_on: '27-11-2026' },
    ];
    expect(groupByDay(items).map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['27-11-2026', [1, 2, 4]],
      ['26-11-2026', [3]],
    ]);
    expect(groupByDay([])).toEqual([]);
  });

  it('checks each file against the school sizes of its kind', () => {
    const limits = { max_image_size: 10, max_video_size: 100 };
    expect(fileRefusal({ type: 'image/jpeg', size: 10 }, limits)).toBeNull();
    expect(fileRefusal({ type: 'image/jpeg', size: 11 }, limits)).toEqual({ reason: 'tooLarge', max: 10 });
    expect(fileRefusal({ type: 'video/mp4', size: 50 }, limits)).toBeNull();
    expect(fileRefusal({ type: 'video/mp4', size: 101 }, limits)).toEqual({ reason: 'tooLarge', max: 100 });
    expect(fileRefusal({ type: 'image/svg+xml', size: 1 }, limits)).toEqual({ reason: 'unsupported' });
    expect(fileRefusal({ type: 'application/pdf', size: 1 }, limits)).toEqual({ reason: 'unsupported' });
  });

  it('runs at most three uploads at once, and one failure does not stop the rest', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const results = await runPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 + (n % 3)));
      running -= 1;
      order.push(n);
      if (n === 2) throw new Error('refused');
      return n * 10;
    });
    expect(most).toBe(3);
    expect(order.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(results[6]).toEqual({ status: 'fulfilled', value: 70 });
    expect(await runPool([], 3, async () => 1)).toEqual([]);
  });

  it('weighs a batch progress by file size; refused files count as settled', () => {
    expect(
      batchPercent([
        { size: 300, percent: 50, state: 'uploading' },
        { size: 100, percent: 0, state: 'waiting' },
      ]),
    ).toBe(38);
    expect(batchPercent([{ size: 100, percent: 0, state: 'refused' }])).toBe(100);
    expect(batchPercent([])).toBe(0);
  });

  it('writes sizes in the reader units and days in the wire format', () => {
    expect(formatBytes(1536 * 1024 * 1024, 'en')).toBe('1.5 GB');
    expect(formatBytes(512, 'en')).toBe('0.5 kB');
    expect(formatBytes(0, 'en')).toBe('0 kB');
    expect(formatBytes(431 * 1024, 'en')).toBe('431 kB');
    expect(wireDay('2026-11-27')).toBe('27-11-2026');
    expect(wireDay(null)).toBeUndefined();
  });

  it('places a face box in percent of the picture', () => {
    expect(boxPercent({ x: 0.1, y: 0.2, width: 0.3, height: 0.4 }, { width: 800, height: 600 })).toEqual({
      left: 10,
      top: 20,
      width: 30,
      height: 40,
    });
    expect(boxPercent({ x: 400, y: 300, width: 80, height: 60 }, { width: 800, height: 600 })).toEqual({
      left: 50,
      top: 50,
      width: 10,
      height: 10,
    });
  });
});

describe('a face cropped from its photo', () => {
  it('fills the window with the face and its margin, centred', () => {
    // A 100x100 px face at (400, 300) of an 800x600 photo, no margin, in a 50 px window: drawn at half size.
    const crop = faceCrop({ x: 0.5, y: 0.5, width: 0.125, height: 1 / 6 }, { width: 800, height: 600 }, 50, 0);
    expect(crop).toEqual({ width: 400, height: 300, left: -200, top: -150 });
    // With a margin the picture is drawn smaller, the face still centred.
    const wide = faceCrop({ x: 0.5, y: 0.5, width: 0.125, height: 1 / 6 }, { width: 800, height: 600 }, 50, 0.25);
    expect(wide?.width).toBeCloseTo(266.67, 1);
    expect((wide?.left ?? 0) + (wide?.width ?? 0) * (0.5 + 0.0625)).toBeCloseTo(25, 5);
    expect(faceCrop({ x: 0, y: 0, width: 1, height: 1 }, { width: null, height: 600 }, 50)).toBeNull();
  });
});

describe('the api client and the gallery pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the page asked for in the PageNumber header the route declares', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ result: { items: [] } }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const id = 'a'.repeat(24);
    await send(ROUTES.classMediaList, 'token', { params: { id }, query: { bin: 'true' }, headers: { pagenumber: 2 } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/class_media/${id}?bin=true`);
    expect(init.headers).toMatchObject({ pagenumber: '2', authorization: 'Bearer token' });
    // The header's names are the entry's: a misspelt one does not compile.
    // @ts-expect-error PageNumber is declared lower-case in the contract
    await send(ROUTES.classMediaList, 'token', { params: { id }, headers: { PageNumber: 2 } });
    // Routes that declare no headers still take free extra ones.
    await send(ROUTES.uploadConstraint, null, { headers: { 'x-frontend-origin': 'https://example.org' } });
    expect((fetch.mock.calls[2] as unknown as [string, RequestInit])[1].headers).toMatchObject({
      'x-frontend-origin': 'https://example.org',
    });
  });
});
