import { ddmmyyyyFromIso, todayIn, weekStart } from '@cue/contract';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's planning (with its history, `npm start`): a unit of the organization's own library, three
 * resources in its resource library (a link, a video and a book), and the global library's "Growing
 * things" copied into Nursery A from this week's Monday, so the Plan tab opens on a running unit —
 * written through the planning service as the school's admin and Nursery A's teacher.
 */

/** The global library's "Growing things" (shipped by the planning library migration). */
export const GROWING_THINGS_LIBRARY_ID = 'a1b2c3d4e5f6a7b8c9d00002';
const UW = '3ce9bd22f2bf1efb3d6fe01f'; // EYFS: Understanding the World
const PD = 'abd6240828542683a94ab015'; // EYFS: Physical Development
const L = 'f67904fb136cef698facda2e'; // EYFS: Literacy

/** Seeds the demo's planning when Nursery A has no unit yet. Returns whether anything was written. */
export async function seedDemoPlanningIfEmpty(services: Services, now: Date): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const nurseryA = demoId('class:nurseryA');
  const as = (userId: string) =>
    services.scopes.of({ userId, kind: 'staff', schoolId: sunrise, sessionId: 'seed:planning', isTemp: false });
  const anita = as(demoId('user:9000000002'));
  const tara = as(demoId('user:9000000003'));
  const planning = services.planning;
  if ((await planning.listUnits(tara, { class_id: nurseryA, page: 1 })).total > 0) return false;

  await planning.createLibraryUnit(anita, {
    kind: 'unit',
    framework: 'eyfs',
    title: 'Our local park',
    summary: 'Walks to the park through the seasons: what we see, hear and collect, and how we look after it.',
    age_range: '3-5 years',
    weeks: 2,
    area_ids: [UW, PD],
    fields: {
      intentions: ['Talk about what they see on a walk', 'Notice changes in the park', 'Move confidently on the climbing frame'],
      activities: [
        'Park walk with a picture checklist',
        'Collecting natural treasures for the nature table',
        'Map of our walk drawn together',
      ],
      resources: ['Picture checklists', 'Collection bags', 'Large paper for the map'],
      next_steps: 'Return in the next season and compare the photographs.',
    },
  });
  await planning.createResource(tara, {
    kind: 'link',
    title: 'Growing beans in a jar',
    description: 'Step-by-step photos for planting a bean in a jar so children can watch the roots grow.',
    url: 'https://www.bbc.co.uk/tiny-happy-people',
    author: '',
    tags: ['plants', 'science'],
    area_ids: [UW],
    age_from_months: 24,
    age_to_months: 60,
  });
  await planning.createResource(tara, {
    kind: 'video',
    title: 'Time-lapse: a seed becomes a plant',
    description: 'A two-minute time-lapse to watch together before planting.',
    url: 'https://www.youtube.com/results?search_query=bean+seed+time+lapse',
    author: '',
    tags: ['plants'],
    area_ids: [UW],
    age_from_months: 30,
    age_to_months: null,
  });
  await planning.createResource(tara, {
    kind: 'book',
    title: 'The Tiny Seed',
    description: 'A seed’s journey through the seasons.',
    url: null,
    author: 'Eric Carle',
    tags: ['plants', 'stories'],
    area_ids: [UW, L],
    age_from_months: 24,
    age_to_months: 72,
  });
  const monday = weekStart(todayIn(await services.school.timeZone(tara), now));
  await planning.copyLibraryUnit(tara, GROWING_THINGS_LIBRARY_ID, { class_ids: [nurseryA], start_date: ddmmyyyyFromIso(monday) });
  return true;
}
