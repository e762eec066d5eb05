import { ROUTES } from '@cue/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../src/seed/demo.js';
import { seedDemoGalleryIfEmpty } from '../src/seed/gallery.js';
import { seedDemoStoriesIfEmpty } from '../src/seed/stories.js';
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

describe("the demo school's stories", () => {
  it('are seeded once with their tags and pictures; each family sees only its own children’s', async () => {
    expect(await seedDemoStoriesIfEmpty(t.services, t.clock.now())).toBe(4);
    expect(await seedDemoStoriesIfEmpty(t.services, t.clock.now())).toBe(0);
    const get = async (token: string, query = '') =>
      expectResponse(ROUTES.storyList, await t.request({ method: 'GET', url: `/api/stories/${query}`, headers: bearer(token) }))
        .result;
    const tara = await staffToken(t, '9000000003');
    const all = await get(tara);
    expect(all.items.map((s) => s.status).sort()).toEqual(['draft', 'published', 'published', 'published']);
    const tower = all.items.find((s) => s.title === 'The tallest tower yet');
    expect(tower?.media).toHaveLength(1);
    expect(tower?.tags.map((x) => x.name)).toEqual(['Keeping on trying', 'Working together']);
    expect(tower?.areas.length).toBeGreaterThan(0);
    expect(tower?.comments).toBe(1);
    const rohan = await parentToken(t, '9000000004');
    const family = await get(rohan);
    expect(family.items.map((s) => s.title).sort()).toEqual(['Sunflowers in the garden', 'The tallest tower yet']);
  }, 60_000);
});
