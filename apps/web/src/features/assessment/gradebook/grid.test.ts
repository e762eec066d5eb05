import { describe, expect, it } from 'vitest';
import { averageText, gradeLabel, nextCell, normaliseGrade, totalWeight } from './grid';

const size = { rows: 3, cols: 4 };

describe('nextCell', () => {
  it('moves down with Enter and ArrowDown, up with ArrowUp and Shift+Enter, staying inside the grid', () => {
    expect(nextCell('Enter', { row: 0, col: 1 }, size)).toEqual({ row: 1, col: 1 });
    expect(nextCell('ArrowDown', { row: 1, col: 1 }, size)).toEqual({ row: 2, col: 1 });
    expect(nextCell('Enter', { row: 2, col: 1 }, size)).toBeNull();
    expect(nextCell('ArrowUp', { row: 2, col: 3 }, size)).toEqual({ row: 1, col: 3 });
    expect(nextCell('ArrowUp', { row: 0, col: 3 }, size)).toBeNull();
    expect(nextCell('Enter', { row: 1, col: 0 }, size, { shift: true })).toEqual({ row: 0, col: 0 });
  });

  it('goes to the next task with Tab, wrapping to the next child, and back with Shift+Tab', () => {
    expect(nextCell('Tab', { row: 0, col: 0 }, size)).toEqual({ row: 0, col: 1 });
    expect(nextCell('Tab', { row: 0, col: 3 }, size)).toEqual({ row: 1, col: 0 });
    expect(nextCell('Tab', { row: 2, col: 3 }, size)).toBeNull();
    expect(nextCell('Tab', { row: 1, col: 0 }, size, { shift: true })).toEqual({ row: 0, col: 3 });
    expect(nextCell('Tab', { row: 0, col: 0 }, size, { shift: true })).toBeNull();
  });

  it('follows the screen with the side arrows: the next task is on the right in ltr, on the left in rtl', () => {
    expect(nextCell('ArrowRight', { row: 1, col: 1 }, size)).toEqual({ row: 1, col: 2 });
    expect(nextCell('ArrowLeft', { row: 1, col: 1 }, size)).toEqual({ row: 1, col: 0 });
    expect(nextCell('ArrowRight', { row: 1, col: 1 }, size, { rtl: true })).toEqual({ row: 1, col: 0 });
    expect(nextCell('ArrowLeft', { row: 1, col: 1 }, size, { rtl: true })).toEqual({ row: 1, col: 2 });
    expect(nextCell('ArrowLeft', { row: 1, col: 3 }, size, { rtl: true })).toBeNull();
    expect(nextCell('ArrowRight', { row: 1, col: 3 }, size)).toBeNull();
  });

  it('leaves other keys and an empty grid alone', () => {
    expect(nextCell('a', { row: 0, col: 0 }, size)).toBeNull();
    expect(nextCell('Escape', { row: 0, col: 0 }, size)).toBeNull();
    expect(nextCell('Enter', { row: 0, col: 0 }, { rows: 0, cols: 0 })).toBeNull();
  });
});

describe('normaliseGrade', () => {
  const points = { kind: 'points' as const, max_points: 10, levels: [] };
  const letters = {
    kind: 'letters' as const,
    max_points: null,
    levels: [
      { code: 'C', label: 'C', value: 50 },
      { code: 'B', label: 'B', value: 75 },
      { code: 'A', label: 'A', value: 100 },
    ],
  };
  const levels = {
    kind: 'levels' as const,
    max_points: null,
    levels: [
      { code: 'emerging', label: 'Emerging', value: 33 },
      { code: 'expected', label: 'Expected', value: 66 },
      { code: 'EXC', label: 'Exceeding', value: 100 },
    ],
  };

  it('reads points with a decimal point or comma, within 0 and the maximum', () => {
    expect(normaliseGrade('7,5', points)).toEqual({ ok: true, value: '7.5' });
    expect(normaliseGrade(' 7.50 ', points)).toEqual({ ok: true, value: '7.5' });
    expect(normaliseGrade('10', points)).toEqual({ ok: true, value: '10' });
    expect(normaliseGrade('0', points)).toEqual({ ok: true, value: '0' });
    expect(normaliseGrade('10.5', points)).toEqual({ ok: false, reason: 'outOfRange' });
    expect(normaliseGrade('-1', points)).toEqual({ ok: false, reason: 'notANumber' });
    expect(normaliseGrade('seven', points)).toEqual({ ok: false, reason: 'notANumber' });
    expect(normaliseGrade('1e2', points)).toEqual({ ok: false, reason: 'notANumber' });
  });

  it('reads letters and levels by code in any case, or by label', () => {
    expect(normaliseGrade('b', letters)).toEqual({ ok: true, value: 'B' });
    expect(normaliseGrade('A', letters)).toEqual({ ok: true, value: 'A' });
    expect(normaliseGrade('D', letters)).toEqual({ ok: false, reason: 'notOnScale' });
    expect(normaliseGrade('EXPECTED', levels)).toEqual({ ok: true, value: 'expected' });
    expect(normaliseGrade('exc', levels)).toEqual({ ok: true, value: 'EXC' });
    expect(normaliseGrade('exceeding', levels)).toEqual({ ok: true, value: 'EXC' });
  });

  it('clears the cell when emptied', () => {
    expect(normaliseGrade('  ', points)).toEqual({ ok: true, value: null });
    expect(normaliseGrade('', letters)).toEqual({ ok: true, value: null });
  });

  it("names a level's label as the cell's hint, none for points or a letter that is its own label", () => {
    expect(gradeLabel('EXC', levels)).toBe('Exceeding');
    expect(gradeLabel('B', letters)).toBeNull();
    expect(gradeLabel('7', points)).toBeNull();
    expect(gradeLabel('unknown', levels)).toBeNull();
  });
});

describe('averageText', () => {
  it('shows a whole number from 0 to 100, nothing when ungraded', () => {
    expect(averageText(74.5)).toBe('75');
    expect(averageText(74.49)).toBe('74');
    expect(averageText(100.2)).toBe('100');
    expect(averageText(0)).toBe('0');
    expect(averageText(null)).toBeNull();
    expect(averageText(undefined)).toBeNull();
    expect(averageText(Number.NaN)).toBeNull();
  });

  it("writes the number in the reader's digits", () => {
    expect(averageText(75, 'ar-EG')).toBe('٧٥');
  });
});

describe('totalWeight', () => {
  it('adds the weights, unweighted categories counting nothing', () => {
    expect(totalWeight([{ weight: 40 }, { weight: null }, { weight: 35.5 }])).toBe(75.5);
    expect(totalWeight([])).toBe(0);
  });
});
