import type { GradeScale } from '@cue/contract';

/** A cell of the grid: its row (a child) and column (a task), from 0. */
export interface Cell {
  row: number;
  col: number;
}

/**
 * Where a key moves from a cell, as in a spreadsheet: Enter and ArrowDown go down, ArrowUp up, Tab to
 * the next task (Shift+Tab back, wrapping to the next or previous child's row), ArrowRight and
 * ArrowLeft to the task on that side of the screen (in a right-to-left page the next task is on the
 * left). Null: the key does not move (the browser does what it does, e.g. Tab leaving the grid's end).
 */
export function nextCell(
  key: string,
  from: Cell,
  size: { rows: number; cols: number },
  options: { rtl?: boolean; shift?: boolean } = {},
): Cell | null {
  const { rows, cols } = size;
  if (rows === 0 || cols === 0) return null;
  const at = (row: number, col: number): Cell | null =>
    row >= 0 && row < rows && col >= 0 && col < cols && (row !== from.row || col !== from.col) ? { row, col } : null;
  switch (key) {
    case 'Enter':
      return options.shift ? at(from.row - 1, from.col) : at(from.row + 1, from.col);
    case 'ArrowDown':
      return at(from.row + 1, from.col);
    case 'ArrowUp':
      return at(from.row - 1, from.col);
    case 'Tab': {
      const flat = from.row * cols + from.col + (options.shift ? -1 : 1);
      if (flat < 0 || flat >= rows * cols) return null;
      return at(Math.floor(flat / cols), flat % cols);
    }
    case 'ArrowRight':
      return at(from.row, from.col + (options.rtl ? -1 : 1));
    case 'ArrowLeft':
      return at(from.row, from.col + (options.rtl ? 1 : -1));
    default:
      return null;
  }
}

/** What a typed cell becomes: the value to send (null clears the cell), or why it cannot be a grade. */
export type Normalised = { ok: true; value: string | null } | { ok: false; reason: 'notANumber' | 'outOfRange' | 'notOnScale' };

const NUMBER = /^\d+(\.\d+)?$/;

/**
 * A typed grade made what the server stores. Points: a decimal comma is read as a point ("7,5" is
 * 7.5: several of the school's languages write it so), trailing zeros dropped, between 0 and the
 * scale's maximum. Letters and levels: a code whatever its case ("b" is "B"), or a level's label
 * ("Expected" is "expected"). Empty clears the cell.
 */
export function normaliseGrade(typed: string, scale: Pick<GradeScale, 'kind' | 'max_points' | 'levels'>): Normalised {
  const text = typed.trim();
  if (text === '') return { ok: true, value: null };
  if (scale.kind === 'points') {
    const dotted = text.replace(',', '.');
    if (!NUMBER.test(dotted)) return { ok: false, reason: 'notANumber' };
    const points = Number(dotted);
    if (scale.max_points !== null && points > scale.max_points) return { ok: false, reason: 'outOfRange' };
    return { ok: true, value: String(points) };
  }
  const lower = text.toLocaleLowerCase();
  const level =
    scale.levels.find((l) => l.code.toLocaleLowerCase() === lower) ??
    scale.levels.find((l) => l.label.toLocaleLowerCase() === lower);
  return level ? { ok: true, value: level.code } : { ok: false, reason: 'notOnScale' };
}

/** The label of a letter or level grade (shown as the cell's hint), null for points or an unknown code. */
export function gradeLabel(value: string, scale: Pick<GradeScale, 'kind' | 'levels'>): string | null {
  if (scale.kind === 'points' || value === '') return null;
  const level = scale.levels.find((l) => l.code === value);
  return level && level.label !== level.code ? level.label : null;
}

/** A child's average as shown: a whole number from 0 to 100, or null when nothing is graded. */
export function averageText(average: number | null | undefined, language = 'en'): string | null {
  if (average === null || average === undefined || !Number.isFinite(average)) return null;
  const whole = Math.min(100, Math.max(0, Math.round(average)));
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(whole);
}

/** The weights of a class's categories added up (unweighted ones count nothing). */
export const totalWeight = (categories: { weight: number | null }[]): number =>
  categories.reduce((sum, c) => sum + (c.weight ?? 0), 0);
