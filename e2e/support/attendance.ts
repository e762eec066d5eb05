import { ddmmyyyyFromIso } from '@cue/contract';
import { type APIRequestContext, expect } from '@playwright/test';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** 'YYYY-MM-DD' (UTC, the demo school's time zone) → 'DD-MM-YYYY' as the API takes it. */
export const wire = (iso: string): string => ddmmyyyyFromIso(iso);

/** Today in UTC, the demo school's time zone. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/**
 * Weekdays before today, most recent first (today is left to the journeys that mark it, such as the
 * assistant's). Each journey takes its own so that none changes another's day in the shared database.
 */
export function pastWeekdays(count = 8): string[] {
  const out: string[] = [];
  const d = new Date(`${todayUtc()}T00:00:00Z`);
  while (out.length < count) {
    d.setUTCDate(d.getUTCDate() - 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

export async function classId(request: APIRequestContext, token: string, name: string): Promise<string> {
  const res = await request.get('/api/user_schools_classes/', { headers: auth(token) });
  expect(res.ok()).toBe(true);
  const { result } = (await res.json()) as { result: { classes: { id: string; class_name: string }[] }[] };
  const found = result.flatMap((s) => s.classes).find((c) => c.class_name === name);
  if (!found) throw new Error(`No class ${name}`);
  return found.id;
}

export interface Pupil {
  id: string;
  first_name: string;
  last_name: string;
}

export async function roster(request: APIRequestContext, token: string, id: string): Promise<Pupil[]> {
  const res = await request.get(`/api/classes/${id}`, { headers: auth(token) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { result: { my_class: { student_list: Pupil[] } } }).result.my_class.student_list;
}

/** Saves a class's day through the API: every child present except those named. */
export async function markDay(
  request: APIRequestContext,
  token: string,
  id: string,
  iso: string,
  marks: Record<string, 'absent' | 'late' | 'excused' | 'present'>,
  isSaved = true,
): Promise<void> {
  const pupils = await roster(request, token, id);
  const res = await request.post(`/api/class_student_attendance/${id}`, {
    headers: auth(token),
    data: {
      date: wire(iso),
      is_saved: isSaved,
      student_attendance_list: pupils.map((p) => ({
        student_id: p.id,
        attendance_status: marks[`${p.first_name} ${p.last_name}`] ?? 'present',
      })),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
