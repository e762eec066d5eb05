import { addDays, ddmmyyyyFromIso, type ResourceRequest, todayIn, weekStart } from '@cue/contract';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's academic setup (`npm start`): Sunrise's school-wide day ("Sunrise day", Monday to Friday)
 * and its resources (the hall, the music room, the garden, tricycles, tablets, paint sets and the sand
 * tray), with the hall booked by Nursery A next week — written through the services as Anita,
 * Sunrise's admin. Each part is written only when the school has none yet, so a restart adds nothing.
 */

const slot = (kind: 'session' | 'break', name: string, start: string, end: string) => ({ kind, name, start, end });
const SUNRISE_DAY = [
  slot('session', 'Morning session', '09:00 AM', '11:00 AM'),
  slot('break', 'Snack break', '11:00 AM', '11:20 AM'),
  slot('session', 'Late morning', '11:20 AM', '12:30 PM'),
  slot('break', 'Lunch', '12:30 PM', '01:15 PM'),
  slot('session', 'Afternoon session', '01:15 PM', '03:00 PM'),
];

const RESOURCES: ResourceRequest[] = [
  { name: 'Hall', kind: 'room', room_type: 'Hall', capacity: 60, quantity: 1, location: 'Ground floor' },
  { name: 'Music room', kind: 'room', room_type: 'Music room', capacity: 20, quantity: 1, location: 'First floor' },
  { name: 'Garden', kind: 'room', room_type: 'Outdoor', capacity: 40, quantity: 1, location: 'Behind the building' },
  { name: 'Tricycles', kind: 'equipment', quantity: 6, location: 'Garden shed' },
  { name: 'Tablets', kind: 'equipment', quantity: 8, location: 'Office cupboard' },
  { name: 'Paint sets', kind: 'material', quantity: 12, unit: 'sets', location: 'Art store' },
  { name: 'Sand tray', kind: 'equipment', quantity: 2, location: 'Nursery A' },
];

/** Seeds Sunrise's day schedule and resources where it has none. Returns whether anything was written. */
export async function seedDemoAcademicIfEmpty(services: Services): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const anita = services.scopes.of({
    userId: demoId('user:9000000002'),
    kind: 'staff',
    schoolId: sunrise,
    sessionId: 'seed:academic',
    isTemp: false,
  });
  const { daySchedules, resources } = services;
  let wrote = false;

  const schedules = await daySchedules.list(anita, { includeArchived: true });
  if (!schedules.some((s) => s.applies_to === 'school')) {
    await daySchedules.create(anita, {
      name: 'Sunrise day',
      applies_to: 'school',
      cycle: 'weekly',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({ day, slots: SUNRISE_DAY })),
    });
    wrote = true;
  }

  const existing = new Set((await resources.list(anita, { include_archived: 'true' })).map((r) => r.name.toLowerCase()));
  let hallId: string | null = null;
  for (const r of RESOURCES) {
    if (existing.has(r.name.toLowerCase())) continue;
    const made = await resources.create(anita, r);
    if (r.name === 'Hall') hallId = made._id;
    wrote = true;
  }
  // A new hall is booked by Nursery A on Tuesday next week for music and movement.
  if (hallId) {
    const today = todayIn(await services.school.timeZone(anita), new Date());
    const tuesday = addDays(weekStart(addDays(today, 7)), 1);
    await resources.book(anita, {
      resource_id: hallId,
      date: ddmmyyyyFromIso(tuesday),
      start: '10:00 AM',
      end: '11:00 AM',
      quantity: 1,
      class_id: demoId('class:nurseryA'),
      purpose: 'Music and movement',
    });
  }
  return wrote;
}
