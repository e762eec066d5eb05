import { addDays, ddmmyyyyFromIso, termsBetween } from '@cue/contract';

/*
 * What the planning insights page reads from its figures and its address: the period's presets and the
 * two lists a teacher looks for (planned but never evidenced, evidenced but never planned).
 */

export type Preset = 'term' | 'year';

/** The academic year holding a day (September to August, the year of the terms: autumn, spring, summer). */
export function academicYearOf(todayIso: string): { from: string; to: string } {
  const year = Number(todayIso.slice(0, 4));
  const start = Number(todayIso.slice(5, 7)) >= 9 ? year : year - 1;
  return { from: `${start}-09-01`, to: addDays(`${start + 1}-09-01`, -1) };
}

/** The term holding a day (its whole length). */
export function termOf(todayIso: string): { from: string; to: string } {
  const year = Number(todayIso.slice(0, 4));
  const term = termsBetween(`${year}-01-01`, `${year}-12-31`).find((t) => t.start <= todayIso && todayIso <= t.end);
  return term ? { from: term.start, to: term.end } : { from: todayIso, to: todayIso };
}

/** A period as the wire writes it. */
export type WirePeriod = { from_date: string; to_date: string };

/**
 * A preset's days as the wire writes them. `year` is the class's recorded academic year (the term plan's
 * `year_start`..`year_end`), when known; without it, September to August as the server reckons.
 */
export function presetPeriod(preset: Preset, todayIso: string, year?: WirePeriod | null): WirePeriod {
  if (preset === 'year' && year) return year;
  const period = preset === 'year' ? academicYearOf(todayIso) : termOf(todayIso);
  return { from_date: ddmmyyyyFromIso(period.from), to_date: ddmmyyyyFromIso(period.to) };
}

/** Which preset a period is, if any (so its button shows pressed); no days at all is this term, the server's default. */
export function presetOf(
  from: string | undefined,
  to: string | undefined,
  todayIso: string,
  year?: WirePeriod | null,
): Preset | null {
  if (!from && !to) return 'term';
  for (const preset of ['term', 'year'] as const) {
    const p = presetPeriod(preset, todayIso, year);
    if (p.from_date === from && p.to_date === to) return preset;
  }
  return null;
}

interface AreaCount {
  _id: string;
  planned_units: number;
  planned_activities: number;
  observations: number;
  stories: number;
}

/** Areas planned (by a unit or an activity) with no observation or story in the period. */
export const plannedNeverEvidenced = <T extends AreaCount>(areas: readonly T[]): T[] =>
  areas.filter((a) => a.planned_units + a.planned_activities > 0 && a.observations + a.stories === 0);

/** Areas with observations or stories that no unit or activity planned. */
export const evidencedNeverPlanned = <T extends AreaCount>(areas: readonly T[]): T[] =>
  areas.filter((a) => a.planned_units + a.planned_activities === 0 && a.observations + a.stories > 0);

/** The bars of the areas table: each count's share (0-100) of the largest planned and evidenced totals. */
export function areaBars(areas: readonly AreaCount[]): { planned: number; evidenced: number }[] {
  const planned = areas.map((a) => a.planned_units + a.planned_activities);
  const evidenced = areas.map((a) => a.observations + a.stories);
  const max = Math.max(0, ...planned, ...evidenced);
  const share = (v: number) => (max > 0 ? Math.round((v / max) * 100) : 0);
  return areas.map((_, i) => ({ planned: share(planned[i] ?? 0), evidenced: share(evidenced[i] ?? 0) }));
}
