import {
  AI_MESSAGES,
  ATTENDANCE_MESSAGES,
  COMMUNICATION_MESSAGES,
  LANGUAGES,
  MESSAGES,
  OBSERVATION_MESSAGES,
} from '@cue/contract';
import { describe, expect, it } from 'vitest';
import { type Catalog, catalog as catalogOf, leaves } from '../../lib/catalog-test';

const catalog = (lng: string): Catalog => catalogOf('cue', lng);

describe('the cue catalogs', () => {
  it('hold the specification messages verbatim in English', () => {
    const m = catalog('en').messages as Record<string, string>;
    expect(m).toMatchObject({
      attendanceSaved: ATTENDANCE_MESSAGES.saved,
      observationSaved: OBSERVATION_MESSAGES.saved,
      observationSaving: OBSERVATION_MESSAGES.saving,
      observationSavedFlag: OBSERVATION_MESSAGES.savedFlag,
      announcementDraft: COMMUNICATION_MESSAGES.draft,
      announcementScheduled: COMMUNICATION_MESSAGES.scheduled,
      announcementSent: COMMUNICATION_MESSAGES.sent,
      savingDraft: 'Saving as Draft...',
      savedDraft: 'Saved as Draft',
      alreadySaved: AI_MESSAGES.alreadySaved,
      noClasses: MESSAGES.noClasses,
    });
    const en = catalog('en');
    expect(en.heading).toBe('What can I help with?');
    expect(Object.values(en.chips as Catalog).slice(1)).toEqual([
      'Mark Attendance',
      'Draft an Announcement',
      'Send a Message to Parents',
      'Create a Lesson Plan',
      'Analyze Student Progress',
      'Note Observation for the day',
      'Write a story/learning item',
    ]);
    expect((en.announcement as Catalog).untitled).toBe(COMMUNICATION_MESSAGES.creating);
  });

  it('have the same keys and the same placeholders in every language, none empty', () => {
    const en = new Map(leaves(catalog('en')));
    for (const lng of LANGUAGES) {
      const other = new Map(leaves(catalog(lng)));
      expect([...other.keys()].sort(), lng).toEqual([...en.keys()].sort());
      for (const [key, text] of en) {
        const translated = other.get(key) ?? '';
        const vars = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort();
        expect(vars(translated), `${lng} ${key}`).toEqual(vars(text));
        expect(translated.trim(), `${lng} ${key}`).not.toBe('');
      }
    }
  });
});
