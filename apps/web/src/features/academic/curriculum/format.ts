import type { CurriculumArea, CurriculumAspect, CurriculumStatement } from '@cue/contract';

/**
 * A statement's age band, in the unit a teacher reads it in: months below two years (where a few months
 * matter: "16–26 months"), years from two, with halves ("2½–3 years"). A band that starts below two years,
 * or whose ends fall between half years, stays in months so that no bound is rounded.
 */
export type AgeBand =
  | { unit: 'months'; from: number | null; to: number | null }
  | { unit: 'years'; from: number | null; to: number | null };

const MONTHS_UNTIL = 24;

export function ageBand(fromMonths: number | null | undefined, toMonths: number | null | undefined): AgeBand | null {
  const from = fromMonths ?? null;
  const to = toMonths ?? null;
  if (from === null && to === null) return null;
  const bounds = [from, to].filter((m): m is number => m !== null);
  const inYears = bounds.every((m) => m >= MONTHS_UNTIL && m % 6 === 0);
  if (!inYears) return { unit: 'months', from, to };
  return { unit: 'years', from: from === null ? null : from / 12, to: to === null ? null : to / 12 };
}

/** A number of years with a half shown as ½ ("3½"), in the reader's digits. */
export function yearsText(years: number, number: Intl.NumberFormat): string {
  const whole = Math.floor(years);
  const half = years - whole >= 0.5;
  if (!half) return number.format(whole);
  return whole === 0 ? '½' : `${number.format(whole)}½`;
}

/** The band's bounds as text (the unit's sentence puts them in words). */
export function ageBandParts(band: AgeBand, number: Intl.NumberFormat): { from: string; to: string } {
  const show = (v: number | null) => (v === null ? '' : band.unit === 'years' ? yearsText(v, number) : number.format(v));
  return { from: show(band.from), to: show(band.to) };
}

/** Which sentence says the band: both bounds, only the youngest, or only the oldest. */
export function ageBandKey(band: AgeBand): string {
  const shape = band.from !== null && band.to !== null ? 'range' : band.from !== null ? 'from' : 'to';
  return `age.${band.unit}.${shape}`;
}

/** Every sentence of an age band (both bounds, one of them, one number alone), for the catalog's check. */
export const AGE_BAND_KEYS = ['months', 'years'].flatMap((unit) =>
  ['range', 'from', 'to', 'bare'].map((s) => `age.${unit}.${s}`),
);

/** How a search matches: without case or accents, every word somewhere in the text. */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}

const matches = (words: string[], ...texts: string[]) => {
  const hay = normalise(texts.join(' '));
  return words.every((w) => hay.includes(w));
};

/**
 * The tree narrowed to what a search finds, by code or wording: a statement that matches, with its aspect
 * and area; an aspect or area that matches keeps all its children (the reader looked for that heading).
 * An empty search keeps the whole tree.
 */
export function filterTree(areas: readonly CurriculumArea[], search: string): CurriculumArea[] {
  const words = normalise(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...areas];
  const keepStatement = (s: CurriculumStatement) => matches(words, s.code, s.text);
  const keepAspect = (a: CurriculumAspect): CurriculumAspect | null => {
    if (matches(words, a.code, a.name)) return a;
    const statements = a.statements.filter(keepStatement);
    return statements.length ? { ...a, statements } : null;
  };
  return areas.flatMap((area) => {
    if (matches(words, area.code, area.name)) return [area];
    const aspects = area.aspects.map(keepAspect).filter((a): a is CurriculumAspect => a !== null);
    return aspects.length ? [{ ...area, aspects }] : [];
  });
}

/** The tree without its archived nodes (an archived area or aspect takes its children with it). */
export function withoutArchived(areas: readonly CurriculumArea[]): CurriculumArea[] {
  return areas
    .filter((area) => !area.archived)
    .map((area) => ({
      ...area,
      aspects: area.aspects
        .filter((a) => !a.archived)
        .map((a) => ({ ...a, statements: a.statements.filter((st) => !st.archived) })),
    }));
}

/**
 * The ids a move reorders: the school's own live nodes among one parent's children, in their order (the
 * product's nodes keep their place, archived ones are out of the order).
 */
export const ownOrder = (children: readonly { _id: string; shipped: boolean; archived: boolean }[]): string[] =>
  children.filter((c) => !c.shipped && !c.archived).map((c) => c._id);

/** The number of statements of a (filtered) tree. */
export const statementCount = (areas: readonly CurriculumArea[]): number =>
  areas.reduce((n, area) => n + area.aspects.reduce((m, a) => m + a.statements.length, 0), 0);

/** Areas under their group's heading, groups in the order their first area comes. */
export function groupAreas(areas: readonly CurriculumArea[]): { group: string; areas: CurriculumArea[] }[] {
  const groups = new Map<string, CurriculumArea[]>();
  for (const area of areas) {
    const key = area.group.trim();
    groups.set(key, [...(groups.get(key) ?? []), area]);
  }
  return [...groups].map(([group, list]) => ({ group, areas: list }));
}

/** A list with one item moved up (-1) or down (+1); unchanged at the ends. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  const copy = [...list];
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return copy;
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** A code the server would take for a copy ("EYFS" → "EYFS-COPY"), within the 40 characters allowed. */
export const copyCode = (code: string): string => `${code.slice(0, 35)}-COPY`;
