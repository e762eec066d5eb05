import { addDays, weekStart } from '@cue/contract';

/** The Monday after the week of `todayIso` (a copied unit starts on a fresh week by default). */
export const nextMonday = (todayIso: string): string => addDays(weekStart(todayIso), 7);

/** An age in months as years and months for the form (null: not given). */
export function yearsMonths(months: number | null): { years: number | ''; months: number | '' } {
  if (months === null) return { years: '', months: '' };
  return { years: Math.floor(months / 12), months: months % 12 };
}

/** Years and months from the form as months for the wire; both empty is no age (null). */
export function monthsOf(years: number | string, months: number | string): number | null {
  const y = years === '' ? null : Number(years);
  const m = months === '' ? null : Number(months);
  if (y === null && m === null) return null;
  return (y ?? 0) * 12 + (m ?? 0);
}

/** Ages as a short text: "2y 6m – 4y", "from 3y", "up to 18m" in the shape `words` gives. */
export function ageRangeText(
  from: number | null,
  to: number | null,
  words: { age: (months: number) => string; from: (age: string) => string; to: (age: string) => string },
): string | null {
  if (from === null && to === null) return null;
  if (from !== null && to !== null) return `${words.age(from)} – ${words.age(to)}`;
  return from !== null ? words.from(words.age(from)) : words.to(words.age(to ?? 0));
}

/**
 * Tags from a tags input: split at commas (a pasted or half-typed "songs," stays one tag "songs"),
 * trimmed, unique regardless of case, non-empty.
 */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags.flatMap((t) => t.split(','))) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}
