import { describe, expect, it } from 'vitest';
import { guardOf } from './guards.js';
import { LOCALES, localeOf, reply, replyKeys } from './replies.js';

const roster = [
  { id: 'a'.repeat(24), firstName: 'Kabir', lastName: 'Khan' },
  { id: 'b'.repeat(24), firstName: 'Meera', lastName: 'Nair' },
];

describe("Cue's own sentences", () => {
  it('exist in every interface language, each in its own script', () => {
    const keys = replyKeys('en');
    for (const locale of LOCALES) {
      expect(replyKeys(locale)).toEqual(keys);
      for (const key of keys) {
        const text = reply(locale, key, { word: 'Kabir', date: '12-11-2026', time: '09:00 AM', count: 2, start: '…' });
        expect(text.length).toBeGreaterThan(5);
        if (locale === 'ar') expect(text).toMatch(/[\u0600-\u06FF]/);
        if (locale === 'he') expect(text).toMatch(/[\u0590-\u05FF]/);
      }
    }
  });

  it('list the names not found in the language’s own way', () => {
    expect(reply('en', 'notFoundAttendance', { names: ['Zara', 'Omar'] })).toBe(
      'I could not find Zara, Omar in this class, so I drafted no attendance. Please check the names and send it again.',
    );
    expect(reply('ar', 'notFound', { names: ['Zara', 'Omar'] })).toContain('Zara، Omar');
  });

  it('take an unknown language as English', () => {
    expect(localeOf('fr')).toBe('en');
    expect(localeOf('he')).toBe('he');
  });
});

describe('guards', () => {
  it.each([
    ['Mark everyone present today except', 'en', 'unfinished'],
    ['Today I observed that', 'en', 'unfinished'],
    ['mark attendance', 'en', 'attendanceWhat'],
    ['Send a message to parents about', 'en', 'announcementWhat'],
    ['Learning story:', 'en', 'observationWhat'],
    ['Create a lesson plan for tomorrow about shapes', 'en', 'noPlanning'],
    ['Analyze student progress', 'en', 'progress'],
    ['سجّل حضور الجميع اليوم ما عدا', 'ar', 'unfinished'],
    ['סמנו את כולם כנוכחים היום חוץ מ', 'he', 'unfinished'],
    ['צרו מערך שיעור למחר על צורות', 'he', 'noPlanning'],
  ] as const)('"%s" → %s', (text, lang, guard) => {
    expect(guardOf(text, lang, roster)).toBe(guard);
  });

  it.each([
    'Everyone is here except Kabir',
    'Kabir balanced on the beam without holding on',
    'Meera is excused today and Kabir recognised the letter A',
    'Send a message to parents about the trip on Friday',
    'Learning story: Meera built a tall tower',
    'Kabir came in late, nothing to worry about',
  ])('"%s" is read', (text) => {
    expect(guardOf(text, 'en', roster)).toBeNull();
  });
});
