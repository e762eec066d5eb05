import { type AdmissionStage, isoFromDdmmyyyy, RESERVED_FORM_FIELDS } from '@cue/contract';

/** Each stage's colour on the board, the badges and the report. */
export const STAGE_COLORS: Record<AdmissionStage, string> = {
  enquiry: 'gray',
  application: 'blue',
  visit: 'violet',
  offered: 'orange',
  accepted: 'teal',
  enrolled: 'green',
  waiting_list: 'yellow',
  rejected: 'red',
  withdrawn: 'gray',
};

/**
 * A child's age on a day, in whole years and months (born 15-01-2023, on 14-03-2026: 3 years 1 month);
 * null when either day is not a DD-MM-YYYY day or the birth is after the day.
 */
export function ageOn(dateOfBirth: string | null | undefined, day: string): { years: number; months: number } | null {
  const born = dateOfBirth ? isoFromDdmmyyyy(dateOfBirth) : null;
  const on = isoFromDdmmyyyy(day);
  if (!born || !on || born > on) return null;
  const [by, bm, bd] = born.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  let months = (oy - by) * 12 + (om - bm);
  // The month is not complete until the day of the month of the birth comes round.
  if (od < bd) months -= 1;
  return { years: Math.floor(months / 12), months: months % 12 };
}

/**
 * A form field's key made from its English label ("Child's favourite food" → child_s_favourite_food):
 * lower-case letters, digits and _, starting with a letter, at most 40, different from the keys taken
 * (a number is added).
 */
export function keyFromLabel(label: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  let stem = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/^[0-9_]+/, '');
  if (!stem) stem = 'field';
  stem = stem.slice(0, 36).replace(/_+$/, '');
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n += 1) {
    const candidate = `${stem}_${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A list with the item at `index` moved one place up (-1) or down (+1); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

/** Whether a field's key is one the pipeline needs (it cannot be removed nor retyped). */
export const isReservedKey = (key: string): key is keyof typeof RESERVED_FORM_FIELDS => key in RESERVED_FORM_FIELDS;

/** A conversion (0 to 1) as a whole percent in the reader's language; a dash without enquiries. */
export function percentText(value: number | null, language: string): string {
  if (value === null) return '—';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}
