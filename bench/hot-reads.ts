import { ddmmyyyyFromIso } from '@cue/contract';
import { LARGE } from '../apps/server/src/seed/large-people.js';

/** The last weekday before today (UTC): a school day of the large organization's seeded year. */
export function lastSchoolDay(): string {
  const d = new Date();
  do d.setUTCDate(d.getUTCDate() - 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6);
  return ddmmyyyyFromIso(d.toISOString().slice(0, 10));
}

/** The hot reads of a school's morning on the large organization (bench/hot.ts measures them, bench/hot-explain.ts explains them). */
export function hotReads(tokens: { teacher: string; admin: string; parent: string }, day = lastSchoolDay()) {
  const { teacher, admin, parent } = tokens;
  return [
    { name: 'logined_user_details (teacher)', path: '/api/logined_user_details', token: teacher },
    { name: 'user_permissions (teacher)', path: '/api/user_permissions/', token: teacher },
    { name: 'staff_classes (teacher)', path: '/api/staff_classes/', token: teacher },
    { name: 'staff_classes (admin, 20 classes)', path: '/api/staff_classes/', token: admin },
    { name: 'classes/{id} (25 children)', path: `/api/classes/${LARGE.classId}`, token: teacher },
    { name: "a day's attendance", path: `/api/class_student_attendance/${LARGE.classId}?date=${day}`, token: teacher },
    { name: 'observations of a day', path: `/api/observations/?class_id=${LARGE.classId}&date=${day}`, token: teacher },
    { name: "announcements, parent's first page", path: '/api/communication/announcements/', token: parent },
    { name: 'dashboard (teacher)', path: '/api/dashboard/', token: teacher },
    { name: 'dashboard (admin, 20 classes)', path: '/api/dashboard/', token: admin },
    { name: 'dashboard (parent)', path: '/api/dashboard/', token: parent },
    { name: 'chat list (teacher)', path: '/api/chat/conversations', token: teacher },
    { name: 'chat list (parent)', path: '/api/chat/conversations', token: parent },
  ];
}
