import { addDays, ddmmyyyyFromIso, HIRING_STAGES, type HiringStage, isoFromDdmmyyyy, parseHhmmA } from '@cue/contract';

/*
 * The hiring screens' pure rules: the interview week (Monday to Sunday) and its days' interviews in
 * time order, a job description's paragraphs, the hire form's starting values and the CV's checks
 * before upload (the server sniffs the file again: these only spare a refused upload).
 */

export const STAGE_COLORS: Record<HiringStage, string> = {
  screening: 'blue',
  interview: 'violet',
  offer: 'orange',
  hired: 'teal',
  rejected: 'gray',
};

/** The stages in the order the board shows them. */
export const BOARD_STAGES: readonly HiringStage[] = HIRING_STAGES;

/** The Monday of a wire day's week and its seven days (wire DD-MM-YYYY). */
export function weekOf(day: string): { from: string; to: string; days: string[] } {
  const iso = isoFromDdmmyyyy(day);
  if (!iso) return { from: day, to: day, days: [day] };
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  const monday = addDays(iso, -((weekday + 6) % 7));
  const days = Array.from({ length: 7 }, (_, i) => ddmmyyyyFromIso(addDays(monday, i)));
  return { from: days[0] as string, to: days[6] as string, days };
}

/** Minutes after midnight of a wire time (hh:mm A); a time that is none sorts last. */
export function minutesOfTime(wire: string): number {
  const t = parseHhmmA(wire);
  return t ? t.hour * 60 + t.minute : 24 * 60;
}

/** Each day of the week with its interviews in start order (cancelled ones after the live ones of the same time). */
export function interviewsByDay<T extends { date: string; start: string; cancelled: boolean }>(
  interviews: readonly T[],
  days: readonly string[],
): { date: string; interviews: T[] }[] {
  return days.map((date) => ({
    date,
    interviews: interviews
      .filter((x) => x.date === date)
      .sort((a, b) => minutesOfTime(a.start) - minutesOfTime(b.start) || Number(a.cancelled) - Number(b.cancelled)),
  }));
}

/** A plain-text description's paragraphs (split on blank lines), each paragraph's lines kept. */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.split('\n').map((line) => line.trimEnd()))
    .map((lines) => lines.filter((line, i) => line.trim() !== '' || (i > 0 && i < lines.length - 1)))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/** The public address of an opening (or the school's jobs), absolute for copying. */
export const absoluteUrl = (path: string, origin: string): string => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** What the hire dialog starts with: the applicant's names and contact, the opening's role and classes. */
export function hireDefaults(
  application: { first_name: string; last_name: string; phone: string | null; email: string },
  opening: { role: { _id: string } | null; classes: { _id: string }[] } | null | undefined,
) {
  return {
    first_name: application.first_name,
    last_name: application.last_name,
    phone: application.phone ?? '',
    email: application.email,
    role_id: opening?.role?._id ?? '',
    class_ids: opening?.classes.map((c) => c._id) ?? [],
    start_date: null as string | null,
  };
}

export const CV_MAX_BYTES = 10 * 1024 * 1024;
export const CV_ACCEPT = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

/** Why a chosen CV would be refused before sending it: its kind or its size; null when it may go. */
export function cvProblem(file: { name: string; type: string; size: number }): 'cvType' | 'cvSize' | null {
  const byName = /\.(pdf|docx?)$/i.test(file.name);
  const byType = (CV_ACCEPT as readonly string[]).includes(file.type);
  if (!byName && !byType) return 'cvType';
  if (file.size > CV_MAX_BYTES) return 'cvSize';
  return null;
}

/** A file size in the reader's language ('240 KB', '1.2 MB'). */
export function fileSize(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(mb)} MB`;
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} KB`;
}
