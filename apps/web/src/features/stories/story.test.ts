import type { Story, StoryViews } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import {
  excerpt,
  formValuesOf,
  nextReaction,
  publishMode,
  reactionCounts,
  spacedBlocks,
  splitViewers,
  storyRequestOf,
  toggleId,
  wireOf,
} from './story';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);

describe('publishMode', () => {
  it('sends for approval only when the school asks and the person may not approve', () => {
    expect(publishMode(true, false)).toBe('sendForApproval');
    expect(publishMode(true, true)).toBe('publish');
    expect(publishMode(false, false)).toBe('publish');
    // Settings not read yet: the plain label (the server decides anyway).
    expect(publishMode(undefined, false)).toBe('publish');
  });
});

describe('reactions', () => {
  it('lists the four in order with zero for missing counts and marks the caller’s', () => {
    expect(reactionCounts({ reactions: { star: 2, heart: 1 }, my_reaction: 'star' })).toEqual([
      { reaction: 'heart', count: 1, mine: false },
      { reaction: 'clap', count: 0, mine: false },
      { reaction: 'smile', count: 0, mine: false },
      { reaction: 'star', count: 2, mine: true },
    ]);
  });
  it('clears the same reaction and replaces another', () => {
    expect(nextReaction('heart', 'heart')).toBeNull();
    expect(nextReaction('heart', 'clap')).toBe('clap');
    expect(nextReaction(null, 'star')).toBe('star');
  });
});

describe('splitViewers', () => {
  it('puts those who never opened apart, the others by views', () => {
    const person = (name: string, views: number): StoryViews['viewers'][number] => ({
      _id: A,
      name,
      child: { _id: B, name: 'Aarav' },
      views,
      last_viewed_at: views ? '2026-01-01T00:00:00Z' : null,
    });
    const { opened, never } = splitViewers([person('Zoe', 1), person('Ravi', 0), person('Amal', 3), person('Ben', 0)]);
    expect(opened.map((v) => v.name)).toEqual(['Amal', 'Zoe']);
    expect(never.map((v) => v.name)).toEqual(['Ben', 'Ravi']);
  });
});

describe('the editor’s request', () => {
  it('turns the picker’s day into DD-MM-YYYY and trims the texts', () => {
    const body = storyRequestOf(
      { ...formValuesOf(undefined, '2026-03-09'), title: '  Towers  ', what_next: ' more blocks ', student_ids: [A] },
      B,
      'publish',
    );
    expect(body).toMatchObject({
      kind: 'story',
      class_id: B,
      title: 'Towers',
      what_next: 'more blocks',
      story_date: '09-03-2026',
    });
    expect(body.action).toBe('publish');
    expect(body).not.toHaveProperty('sources');
  });
  it('keeps a Cue draft’s sources', () => {
    const sources = [{ sentence: 'Meera stacked blocks.', kind: 'observation' as const, id: A, link: '/x' }];
    expect(storyRequestOf(formValuesOf(undefined, '2026-03-09'), B, 'draft', sources).sources).toEqual(sources);
  });
  it('reads a saved story back into the form', () => {
    const story = {
      title: 'T',
      story_date: '31-12-2025',
      children: [{ _id: A, name: 'x' }],
      body: '<p>b</p>',
      what_next: 'w',
      media: [{ _id: B }],
      tags: [],
      areas: [{ _id: A, name: 'a', curriculum: 'EYFS' }],
    } as unknown as Story;
    expect(formValuesOf(story, '2026-01-01')).toEqual({
      title: 'T',
      story_date: '2025-12-31',
      student_ids: [A],
      body: '<p>b</p>',
      what_next: 'w',
      media_ids: [B],
      tag_ids: [],
      area_ids: [A],
    });
  });
  it('has no day for no picked day', () => {
    expect(wireOf(null)).toBe('');
  });
});

describe('toggleId and excerpt', () => {
  it('adds once and removes', () => {
    expect(toggleId([A], A, true)).toEqual([A]);
    expect(toggleId([A], B, true)).toEqual([A, B]);
    expect(toggleId([A, B], A, false)).toEqual([B]);
  });
  it('keeps paragraphs apart in plain text', () => {
    expect(spacedBlocks('<p>One.</p><p>Two<br>three</p>')).toBe('<p>One.</p> <p>Two<br> three</p> ');
  });
  it('cuts at a word with an ellipsis', () => {
    expect(excerpt('short', 10)).toBe('short');
    expect(excerpt('Meera built a tall tower today', 20)).toBe('Meera built a tall…');
  });
});
