import { describe, expect, it } from 'vitest';
import { needsBlurFor, presentItem, type Viewer } from '../src/modules/media/presenter.js';
import type { FaceLite, RichRow } from '../src/modules/media/repo.js';

const face = (over: Partial<FaceLite>): FaceLite => ({
  id: 'f'.repeat(24),
  itemId: 'i'.repeat(24),
  box: { x: 0.1, y: 0.1, width: 0.2, height: 0.2 },
  status: 'unmatched',
  studentId: null,
  distance: null,
  shown: false,
  firstName: null,
  lastName: null,
  ...over,
});
const row = (faces: FaceLite[], shared: boolean): RichRow => ({
  id: 'i'.repeat(24),
  schoolId: 's'.repeat(24),
  classId: 'c'.repeat(24),
  kind: 'image',
  status: 'ready',
  privacy: 'class',
  name: 'a.jpg',
  caption: '',
  takenOn: '2026-11-20',
  mimeType: 'image/jpeg',
  bytes: 10,
  width: 10,
  height: 10,
  blurhash: null,
  incomingUrl: null,
  url: '/media/gallery/s/i/full.webp',
  mediumUrl: '/media/gallery/s/i/medium.webp',
  thumbUrl: '/media/gallery/s/i/thumb.webp',
  posterUrl: null,
  sharedUrl: shared ? '/media/gallery/s/i/shared-x.webp' : null,
  sharedThumbUrl: shared ? '/media/gallery/s/i/shared-thumb-x.webp' : null,
  postId: null,
  error: null,
  uploadedBy: null,
  createdAt: new Date('2026-11-20T10:00:00Z'),
  deletedAt: null,
  deletedBy: null,
  tags: [],
  faces,
  links: [],
  postCaption: null,
  uploaderFirst: null,
  uploaderLast: null,
});
const family = (children: string[]): Viewer => ({
  kind: 'parent',
  children: new Set(children),
  seenAt: null,
  canManage: false,
  confidentBelow: 0.35,
});
const staff: Viewer = { kind: 'staff', children: new Set(), seenAt: null, canManage: true, confidentBelow: 0.35 };
const kid = 'k'.repeat(24);

describe('which copy a family gets', () => {
  it('the clear copy when every face is confirmed as a consenting child, or is its own child', () => {
    expect(needsBlurFor(family([]), [face({ status: 'assigned', studentId: kid, shown: true })])).toBe(false);
    expect(needsBlurFor(family([kid]), [face({ status: 'assigned', studentId: kid })])).toBe(false);
    expect(needsBlurFor(staff, [face({})])).toBe(false);
  });

  it('the blurred copy when a face is unknown or a child without consent, and nothing while that copy is being made', () => {
    expect(needsBlurFor(family([]), [face({})])).toBe(true);
    expect(needsBlurFor(family([]), [face({ status: 'assigned', studentId: kid })])).toBe(true);
    const blurred = presentItem(row([face({})], true), family([]));
    expect(blurred.medium_url).toMatch(/^\/media\/gallery\/s\/i\/shared-x\.webp\?/);
    expect(blurred.faces).toEqual([]);
    const waiting = presentItem(row([face({})], false), family([]));
    expect([waiting.url, waiting.medium_url, waiting.thumb_url]).toEqual([null, null, null]);
    const teacher = presentItem(row([face({})], false), staff);
    expect(teacher.medium_url).toMatch(/medium\.webp\?/);
    expect(teacher.faces).toHaveLength(1);
  });
});
