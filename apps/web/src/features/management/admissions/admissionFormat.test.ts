import { describe, expect, it } from 'vitest';
import { ageOn, keyFromLabel, moveItem } from './admissionFormat';

describe('ageOn', () => {
  it('counts whole years and months', () => {
    expect(ageOn('15-01-2023', '15-03-2026')).toEqual({ years: 3, months: 2 });
    expect(ageOn('15-01-2023', '14-03-2026')).toEqual({ years: 3, months: 1 });
    expect(ageOn('28-11-2025', '28-11-2026')).toEqual({ years: 1, months: 0 });
  });
  it('is 0 months before the first month is complete', () => {
    expect(ageOn('20-11-2026', '28-11-2026')).toEqual({ years: 0, months: 0 });
  });
  it('handles a birth at the end of a longer month', () => {
    expect(ageOn('31-01-2024', '29-02-2024')).toEqual({ years: 0, months: 0 });
    expect(ageOn('31-01-2024', '31-03-2024')).toEqual({ years: 0, months: 2 });
  });
  it('is null without a date of birth, for a bad day or a birth after the day', () => {
    expect(ageOn(null, '28-11-2026')).toBeNull();
    expect(ageOn('2023-01-15', '28-11-2026')).toBeNull();
    expect(ageOn('01-12-2026', '28-11-2026')).toBeNull();
  });
});

describe('keyFromLabel', () => {
  it('makes a lower-case key of letters, digits and _', () => {
    expect(keyFromLabel("Child's favourite food", [])).toBe('child_s_favourite_food');
    expect(keyFromLabel('  Allergies (if any)  ', [])).toBe('allergies_if_any');
    expect(keyFromLabel('Crèche days', [])).toBe('creche_days');
  });
  it('starts with a letter and keeps within 40 characters', () => {
    const key = keyFromLabel(`2nd ${'very long label '.repeat(6)}`, []);
    expect(key).toMatch(/^[a-z][a-z0-9_]{0,39}$/);
    expect(key.startsWith('nd_')).toBe(true);
  });
  it('falls back to "field" when the label has no latin letters', () => {
    expect(keyFromLabel('الحساسية', [])).toBe('field');
  });
  it('adds a number when the key is taken', () => {
    expect(keyFromLabel('Allergies', ['allergies'])).toBe('allergies_2');
    expect(keyFromLabel('Allergies', ['allergies', 'allergies_2'])).toBe('allergies_3');
  });
});

describe('moveItem', () => {
  it('moves an item up or down', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });
  it('leaves the list as it is at its ends', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
