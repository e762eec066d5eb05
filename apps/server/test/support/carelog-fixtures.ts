import { ROUTES } from '@cue/contract';
import { demoId } from '../../src/seed/demo.js';
import { bearer, expectResponse, parentToken, staffToken, type TestApp } from '../harness.js';

/** A past day (DD-MM-YYYY) on the server's clock, so no time of the school's day is still to come. */
const pastDay = (t: TestApp, daysAgo: number) =>
  new Date(t.clock.now().getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');

/**
 * Carelog objects in Sunrise for suites that check other callers cannot reach them: a care entry
 * (Tara, Nursery A), a medicine record Rohan gave his consent for (Aarav), and an incident report (Tara).
 */
export async function sunriseCarelog(t: TestApp): Promise<{ care_entry: string; medicine: string; incident: string }> {
  const [tara, rohan] = await Promise.all([staffToken(t, '9000000003'), parentToken(t, '9000000004')]);
  const nurseryA = demoId('class:nurseryA');
  const aarav = demoId('student:Aarav Sharma');
  const post = (url: string, token: string, payload: object) =>
    t.request({ method: 'POST', url, headers: bearer(token), payload });
  const entries = expectResponse(
    ROUTES.careEntryCreate,
    await post('/api/carelog/entries', tara, {
      class_id: nurseryA,
      student_ids: [aarav],
      kind: 'nappy',
      date: pastDay(t, 2),
      time: '10:00 AM',
      details: { state: 'wet' },
    }),
  ).result;
  const medicine = expectResponse(
    ROUTES.medicineCreate,
    await post('/api/carelog/medicines', rohan, {
      student_id: aarav,
      name: 'Calpol',
      dose: '5 ml',
      min_interval_hours: 4,
      from: pastDay(t, 3),
      to: pastDay(t, -3),
      consent: true,
    }),
  ).result;
  const incident = expectResponse(
    ROUTES.incidentCreate,
    await post('/api/carelog/incidents', tara, {
      class_id: nurseryA,
      student_id: aarav,
      kind: 'accident',
      date: pastDay(t, 2),
      time: '11:00 AM',
      location: 'Garden',
      description: 'Fell from the low step and bumped his elbow',
      signature: 'Tara Menon',
    }),
  ).result;
  return { care_entry: entries[0]?._id ?? '', medicine: medicine._id, incident: incident._id };
}
