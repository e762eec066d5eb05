import { FEEDBACK_KINDS } from '@cue/contract';
import { describe, expect, it } from 'vitest';
import {
  averageText,
  cleanAnswers,
  distribution,
  feedbackKindOf,
  keyQuestions,
  levelOfAverage,
  missingRequired,
  narrativeChange,
  percentOf,
  questionKey,
} from './hpcView';

describe('levelOfAverage', () => {
  it('reads an average of levels as the nearest level, halves rounding up', () => {
    expect(levelOfAverage(1)).toBe('beginner');
    expect(levelOfAverage(1.49)).toBe('beginner');
    expect(levelOfAverage(1.5)).toBe('progressing');
    expect(levelOfAverage(2.2)).toBe('progressing');
    expect(levelOfAverage(2.5)).toBe('proficient');
    expect(levelOfAverage(3)).toBe('proficient');
  });
  it('keeps out-of-range averages on the scale and has no level without ratings', () => {
    expect(levelOfAverage(0.2)).toBe('beginner');
    expect(levelOfAverage(3.7)).toBe('proficient');
    expect(levelOfAverage(null)).toBeNull();
    expect(levelOfAverage(undefined)).toBeNull();
    expect(levelOfAverage(Number.NaN)).toBeNull();
  });
});

describe('averageText and percentOf', () => {
  it('says an average with at most one decimal in the reader’s digits', () => {
    expect(averageText(2, 'en')).toBe('2');
    expect(averageText(2.333, 'en')).toBe('2.3');
    expect(averageText(2.25, 'en')).toBe('2.3');
    expect(averageText(1.5, 'ar')).toBe(new Intl.NumberFormat('ar', { maximumFractionDigits: 1 }).format(1.5));
  });
  it('gives whole shares, capped at the whole, 0 for an empty class', () => {
    expect(percentOf(9, 17)).toBe(53);
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(5, 4)).toBe(100);
  });
});

describe('distribution', () => {
  it('splits a descriptor’s children by level, the not rated last, in shares that add to 100', () => {
    const parts = distribution({ beginner: 2, progressing: 5, proficient: 1, not_rated: 2 });
    expect(parts.map((p) => p.key)).toEqual(['beginner', 'progressing', 'proficient', 'not_rated']);
    expect(parts.map((p) => p.count)).toEqual([2, 5, 1, 2]);
    expect(parts.map((p) => p.percent)).toEqual([20, 50, 10, 20]);
  });
  it('has empty shares when the class has no children', () => {
    expect(distribution({ beginner: 0, progressing: 0, proficient: 0, not_rated: 0 }).every((p) => p.percent === 0)).toBe(true);
  });
});

describe('questionKey', () => {
  it('makes a key of the contract’s pattern from the question’s words', () => {
    expect(questionKey('What does your child enjoy at home?', [], 1)).toBe('what_does_your_child_enjoy_at_home');
    expect(questionKey('  Café & friends!! ', [], 1)).toBe('cafe_friends');
    const long = questionKey('a'.repeat(80), [], 1);
    expect(long).toMatch(/^[a-z0-9_]{1,40}$/);
  });
  it('keys a question written without Latin letters by its place', () => {
    expect(questionKey('ما الذي يحبه طفلك؟', [], 3)).toBe('q3');
    expect(questionKey('מה הילד אוהב?', ['q2'], 2)).toBe('q2_2');
  });
  it('never repeats a key already taken', () => {
    expect(questionKey('Favourite game', ['favourite_game'], 2)).toBe('favourite_game_2');
    expect(questionKey('Favourite game', ['favourite_game', 'favourite_game_2'], 3)).toBe('favourite_game_3');
  });
  it('stays within 40 characters with its number', () => {
    const stem = 'x'.repeat(60);
    const first = questionKey(stem, [], 1);
    const second = questionKey(stem, [first], 2);
    expect(second).not.toBe(first);
    expect(second).toMatch(/^[a-z0-9_]{1,40}$/);
  });
});

describe('keyQuestions', () => {
  it('keeps saved questions’ keys and gives new ones unique keys around them', () => {
    const keyed = keyQuestions([
      { key: 'favourite_game', text: 'Favourite game (changed)', answer: 'text', required: true },
      { text: ' Favourite game ', answer: 'picture', required: false },
      { text: 'Favourite game', answer: 'voice', required: false },
    ]);
    expect(keyed.map((q) => q.key)).toEqual(['favourite_game', 'favourite_game_2', 'favourite_game_3']);
    expect(keyed[1]).toEqual({ key: 'favourite_game_2', text: 'Favourite game', answer: 'picture', required: false });
  });
});

describe('answers', () => {
  const questions = [
    { key: 'a', text: 'A', answer: 'text' as const, required: true },
    { key: 'b', text: 'B', answer: 'picture' as const, required: true },
    { key: 'c', text: 'C', answer: 'voice' as const, required: false },
  ];
  it('lists the required questions left unanswered (blank words do not answer)', () => {
    expect(missingRequired(questions, {})).toEqual(['a', 'b']);
    expect(missingRequired(questions, { a: { text: '   ' }, b: { choice: 'yes' } })).toEqual(['a']);
    expect(missingRequired(questions, { a: { text: 'Loves puzzles' }, b: { choice: 'sometimes' } })).toEqual([]);
  });
  it('sends only answers that say something, their words trimmed', () => {
    expect(
      cleanAnswers({
        a: { text: '  Loves puzzles ' },
        b: { choice: 'yes', text: '' },
        c: {},
        d: { text: ' ' },
        e: { media_link: '/media/x.webm' },
      }),
    ).toEqual({ a: { text: 'Loves puzzles' }, b: { choice: 'yes' }, e: { media_link: '/media/x.webm' } });
  });
});

describe('feedbackKindOf and narrativeChange', () => {
  it('reads the address’s kind, parent when none or unknown', () => {
    for (const kind of FEEDBACK_KINDS) expect(feedbackKindOf(kind)).toBe(kind);
    expect(feedbackKindOf(undefined)).toBe('parent');
    expect(feedbackKindOf('teacher')).toBe('parent');
  });
  it('saves the narrative only when its words changed', () => {
    expect(narrativeChange('Aarav loves', 'Aarav loves ')).toBeNull();
    expect(narrativeChange('Aarav loves', 'Aarav loves puzzles')).toBe('Aarav loves puzzles');
    expect(narrativeChange('Aarav', '')).toBe('');
  });
});
