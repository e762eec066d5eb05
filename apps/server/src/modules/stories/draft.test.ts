import { describe, expect, it } from 'vitest';
import { type DraftObservation, type DraftPhoto, draftJournal, draftStory } from './draft.js';

/** The words the frame itself adds around a source (never a fact). */
const FRAME = new Set(['a', 'photo', 'video', 'of', 'the', 'day', 'and']);
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const textOf = (html: string) =>
  html
    .replace(/<\/p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .trim()
    .split('\n');

const aarav = { id: 'a'.repeat(24), name: 'Aarav Sharma' };
const diya = { id: 'd'.repeat(24), name: 'Diya Patel' };
const obs = (id: string, child: { id: string; name: string }, note: string, areaIds: string[] = []): DraftObservation => ({
  id: id.repeat(24).slice(0, 24),
  studentId: child.id,
  studentName: child.name,
  title: 'Moment',
  note,
  areaIds,
});
const photo = (id: string, caption: string, tagged: string[] = [], kind: 'image' | 'video' = 'image'): DraftPhoto => ({
  id: id.repeat(24).slice(0, 24),
  caption,
  kind,
  tagged,
});

describe('the story draft states only what its sources say', () => {
  it('writes one sentence per source, each linked, in the body in the same order', () => {
    const draft = draftStory({
      date: '2026-11-20',
      children: [aarav],
      observations: [obs('1', aarav, 'Aarav counted twelve shells', ['area1']), obs('2', diya, 'Diya mixed purple')],
      photos: [photo('3', 'Shells sorted by size'), photo('4', '', ['Aarav Sharma'], 'video')],
    });
    expect(draft).not.toBeNull();
    const d = draft as NonNullable<typeof draft>;
    expect(d.sources.map((s) => [s.kind, s.sentence])).toEqual([
      ['observation', 'Aarav counted twelve shells.'],
      ['media', 'Shells sorted by size.'],
      ['media', 'A video of Aarav Sharma.'],
    ]);
    expect(textOf(d.body)).toEqual(d.sources.map((s) => s.sentence));
    expect(d.sources.every((s) => s.link.startsWith('/'))).toBe(true);
    // Diya's observation is not about the chosen child: not a word of it.
    expect(d.body).not.toContain('purple');
    expect(d.areaIds).toEqual(['area1']);
    expect(d.title).toBe('Aarav, 20-11-2026');
  });

  it('names the child when the note does not, and never adds judgement', () => {
    const d = draftStory({
      date: '2026-11-20',
      children: [diya],
      observations: [obs('5', diya, 'stacked ten blocks!')],
      photos: [],
    });
    expect(d?.sources[0]?.sentence).toBe('Diya Patel: stacked ten blocks!');
  });

  it('escapes what it quotes', () => {
    const d = draftStory({
      date: '2026-11-20',
      children: [aarav],
      observations: [obs('6', aarav, 'Aarav wrote <b>A</b> & "B"')],
      photos: [],
    });
    expect(d?.body).toBe('<p>Aarav wrote &lt;b&gt;A&lt;/b&gt; &amp; &quot;B&quot;.</p>');
  });

  it('has nothing to say without evidence', () => {
    expect(
      draftStory({ date: '2026-11-20', children: [aarav], observations: [obs('7', diya, 'Diya ran')], photos: [] }),
    ).toBeNull();
    expect(draftJournal({ date: '2026-11-20', className: 'Nursery A', activities: [], photos: [] })).toBeNull();
  });

  it('over many generated days, every word of a draft is a word of its sources or of the frame', () => {
    const vocabulary =
      'sand water paint blocks counted built shared laughed climbed sorted shells beans tower red blue twelve'.split(' ');
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const sentence = () => Array.from({ length: 3 + rand(6) }, () => vocabulary[rand(vocabulary.length)]).join(' ');
    for (let day = 0; day < 200; day++) {
      const observations = [obs(`${day}a`, aarav, sentence()), obs(`${day}b`, diya, sentence())];
      const photos = [photo(`${day}c`, rand(2) ? sentence() : '', rand(2) ? ['Aarav Sharma'] : [])];
      const children = rand(2) ? [aarav] : [aarav, diya];
      const d = draftStory({ date: '2026-10-01', children, observations, photos });
      if (!d) continue;
      const allowed = new Set([
        ...FRAME,
        ...children.flatMap((c) => words(c.name)),
        ...observations.filter((o) => children.some((c) => c.id === o.studentId)).flatMap((o) => words(o.note)),
        ...photos.flatMap((p) => [...words(p.caption), ...p.tagged.flatMap(words)]),
      ]);
      const stated = words(d.body);
      expect(stated.filter((w) => !allowed.has(w))).toEqual([]);
      for (const s of d.sources) {
        const source = s.kind === 'observation' ? observations.find((o) => o.id === s.id) : photos.find((p) => p.id === s.id);
        expect(source).toBeDefined();
      }
    }
  });

  it('writes the journal from the day’s activities and the photos shared with the class', () => {
    const d = draftJournal({
      date: '2026-11-20',
      className: 'Nursery A',
      activities: [{ id: 'e'.repeat(24), title: 'Bean planting', description: 'We planted beans in pots' }],
      photos: [photo('8', 'Beans in a row')],
    });
    expect(d?.sources.map((s) => [s.kind, s.sentence])).toEqual([
      ['activity', 'Bean planting: We planted beans in pots.'],
      ['media', 'Beans in a row.'],
    ]);
    expect(d?.title).toBe('Nursery A, 20-11-2026');
    expect(d?.mediaIds).toEqual(['8'.repeat(24)]);
  });
});
