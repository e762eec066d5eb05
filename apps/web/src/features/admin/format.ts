/** 'DD-MM-YYYY' → [year, month, day] when it names a real day, else null. */
export function parseDdmmyyyy(value: string): [number, number, number] | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return [y, m, d];
}

/** Sortable 'YYYYMMDD' of a valid 'DD-MM-YYYY'. */
export const sortableDate = (value: string): string | null => {
  const parts = parseDdmmyyyy(value);
  return parts ? parts.map((n, i) => String(n).padStart(i === 0 ? 4 : 2, '0')).join('') : null;
};

/** The two dates of an academic year 'DD-MM-YYYY - DD-MM-YYYY' ('-' means none). */
export function splitAcademicYear(value: string): [string, string] {
  const match = /^(\d{2}-\d{2}-\d{4}) - (\d{2}-\d{2}-\d{4})$/.exec(value.trim());
  return match ? [match[1] ?? '', match[2] ?? ''] : ['', ''];
}

/** A date and time for tables, in the reader's language. */
export const formatDateTime = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
