import { ROUTES } from '@cue/contract';
import { demoId } from '../../src/seed/demo.js';
import { bearer, expectResponse, staffToken, type TestApp } from '../harness.js';

const UW = '3ce9bd22f2bf1efb3d6fe01f'; // EYFS: Understanding the World

/** An ISO day `days` after the server clock's today, as the wire's DD-MM-YYYY. */
const dayAhead = (t: TestApp, days: number) =>
  new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('-');

/**
 * Planning objects in Sunrise for suites that check other callers cannot reach them: a unit of Nursery A
 * (Tara), a unit of the organization's library (Anita), an activity of the unit in Nursery A's week
 * (through the week's route) and a resource of the organization's library (Tara). The two library
 * objects are the organization's: Moonbeam, a school of the same organization, reads them by design.
 */
export async function sunrisePlanning(
  t: TestApp,
): Promise<{ unit: string; library_unit: string; plan_activity: string; planning_resource: string }> {
  const [anita, tara] = await Promise.all([staffToken(t, '9000000002'), staffToken(t, '9000000003')]);
  const nurseryA = demoId('class:nurseryA');
  const post = (url: string, token: string, payload: object) =>
    t.request({ method: 'POST', url, headers: bearer(token), payload });
  const resource = expectResponse(
    ROUTES.resourceCreate,
    await post('/api/planning_resources/', tara, { kind: 'link', title: 'Seed diary', url: 'https://example.org/seeds' }),
  ).result;
  const unit = expectResponse(
    ROUTES.unitCreate,
    await post('/api/units/', tara, {
      title: 'Seeds and growing',
      class_ids: [nurseryA],
      start_date: dayAhead(t, 7),
      end_date: dayAhead(t, 28),
      area_ids: [UW],
      resource_ids: [resource._id],
      fields: { intentions: ['Plant seeds and watch them grow'] },
    }),
  ).result;
  const library = expectResponse(
    ROUTES.libraryCreate,
    await post('/api/unit_library/', anita, { framework: 'eyfs', title: 'Our garden', weeks: 2, area_ids: [UW] }),
  ).result;
  // The first school day of Nursery A from a week on (a holiday or a closed weekday is refused).
  let activity = '';
  for (let day = 7; day < 21 && !activity; day++) {
    const res = await post('/api/plan_activities/', tara, {
      class_id: nurseryA,
      date: dayAhead(t, day),
      start_time: '10:00 AM',
      end_time: '10:30 AM',
      title: 'Plant beans',
      unit_id: unit._id,
      resource_ids: [resource._id],
    });
    if (res.statusCode === 200) activity = expectResponse(ROUTES.activityCreate, res).result._id;
  }
  if (!activity) throw new Error('no school day of Nursery A took the activity');
  return { unit: unit._id, library_unit: library._id, plan_activity: activity, planning_resource: resource._id };
}
