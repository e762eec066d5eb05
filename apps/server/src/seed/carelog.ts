import { ddmmyyyyFromIso } from '@cue/contract';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's carelog (with its history, `npm start`): yesterday's lunch, nap and nappies in Nursery A,
 * a medicine record Aarav's father gave his permission for in the app, and two past accident reports,
 * one acknowledged by the family and one still waiting — written through the carelog service as the
 * school's teacher and the parents. Only past days: today is left for the teacher to log.
 */

const dayOf = (now: Date, daysAgo: number) =>
  ddmmyyyyFromIso(new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10));

/** Seeds the demo's carelog when Nursery A has no incident report yet. Returns how many entries were written. */
export async function seedDemoCarelogIfEmpty(services: Services, now: Date): Promise<number> {
  const sunrise = demoId('school:sunrise');
  const nurseryA = demoId('class:nurseryA');
  const as = (userId: string, kind: 'staff' | 'parent' = 'staff') =>
    services.scopes.of({ userId, kind, schoolId: kind === 'staff' ? sunrise : null, sessionId: 'seed:carelog', isTemp: false });
  const tara = as(demoId('user:9000000003'));
  const rohan = as(demoId('user:9000000004'), 'parent');
  const carelog = services.carelog;
  if ((await carelog.incidents(tara, { class_id: nurseryA, state: 'all' })).length > 0) return 0;
  const child = (name: string) => demoId(`student:${name}`);
  const yesterday = dayOf(now, 1);
  const room = (await carelog.careDay(tara, { class_id: nurseryA, date: yesterday })).children.map((c) => c._id);
  const some = room.slice(0, 5);

  let written = 0;
  const log = async (body: Parameters<typeof carelog.createEntries>[1]) => {
    written += (await carelog.createEntries(tara, body)).entries.length;
  };
  const base = { class_id: nurseryA, date: yesterday, note: '', confirm_allergen: false };
  await log({
    ...base,
    student_ids: room,
    kind: 'meal',
    time: '12:00 PM',
    details: { meal: 'lunch', food: 'Vegetable pasta and peas', amount: 'all' },
  });
  await log({ ...base, student_ids: some, kind: 'nap', time: '12:45 PM', details: { end: '02:00 PM' } });
  await log({ ...base, student_ids: some.slice(0, 3), kind: 'nappy', time: '02:15 PM', details: { state: 'wet' } });
  await log({
    ...base,
    student_ids: [child('Aarav Sharma')],
    kind: 'mood',
    time: '03:00 PM',
    details: { mood: 'happy' },
    note: 'Sang all the way through tidy-up time',
  });

  await carelog.createMedicine(rohan, {
    student_id: child('Aarav Sharma'),
    name: 'Calpol (paracetamol)',
    dose: '5 ml',
    times: 'When needed for teething pain, at most every 4 hours',
    reason: 'Teething',
    min_interval_hours: 4,
    from: dayOf(now, 2),
    to: dayOf(now, -5),
    consent: true,
    signed_form: false,
  });

  const report = (student: string, daysAgo: number, location: string, description: string, first_aid: string) =>
    carelog.createIncident(tara, {
      class_id: nurseryA,
      student_id: child(student),
      kind: 'accident',
      date: dayOf(now, daysAgo),
      time: '10:40 AM',
      location,
      description,
      injury: 'Small graze',
      first_aid,
      body_map: [],
      witness: 'Tara Menon',
      serious: false,
      signature: 'Tara Menon',
    });
  const acknowledged = await report(
    'Aarav Sharma',
    3,
    'Garden',
    'Slipped on the wet grass while running and grazed his left palm.',
    'Washed with clean water, plaster applied',
  );
  await carelog.acknowledgeIncident(rohan, acknowledged._id, 'Rohan Sharma');
  const waiting = await report(
    'Diya Patel',
    2,
    'Book corner',
    'Bumped her forehead on the shelf while standing up; a small red mark.',
    'Cold compress for five minutes; she went back to reading',
  );
  // The families of past reports were told at the time: no email goes out for the demo's history.
  for (const id of [acknowledged._id, waiting._id]) await services.jobs.cancel(`care-email:incident:${id}`);
  return written;
}
