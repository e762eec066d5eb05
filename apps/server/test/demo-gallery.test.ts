import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { seedDemoGalleryIfEmpty } from '../src/seed/gallery.js';
import { bearer, createTestApp, expectResponse, parentToken, staffToken, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the demo school's gallery", () => {
  it('is seeded once, through the gallery itself, and families see only what the class may', async () => {
    expect(await seedDemoGalleryIfEmpty(t.services, t.clock.now())).toBe(6);
    for (let i = 0; i < 10 && (await t.services.jobs.runDue()) > 0; i++);
    expect(await seedDemoGalleryIfEmpty(t.services, t.clock.now())).toBe(0);
    const url = `/api/class_media/${demoId('class:nurseryA')}`;
    const tara = await staffToken(t, '9000000003');
    const staff = expectResponse(ROUTES.classMediaList, await t.request({ method: 'GET', url, headers: bearer(tara) })).result;
    expect(staff.total).toBe(6);
    expect(staff.items.every((i) => i.status === 'ready' && i.thumb_url)).toBe(true);
    const rohan = await parentToken(t, '9000000004');
    const family = expectResponse(ROUTES.classMediaList, await t.request({ method: 'GET', url, headers: bearer(rohan) })).result;
    expect(family.items.map((i) => i.caption)).not.toContain('Fruit for snack');
    expect(family.total).toBe(5);
  }, 60_000);
});
