import { addDays, ddmmyyyyFromIso, todayIn } from '@cue/contract';
import { count, eq } from 'drizzle-orm';
import { jobOpenings } from '../platform/db/schema.js';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's hiring (issue 26): Sunrise's open "Nursery teacher" opening (the Teacher role, Nursery A)
 * with three applicants who applied on the public page — one at screening, one with an interview next
 * week that Anita holds, one with an offer — and a closed "Music specialist" opening. Written through
 * the services as Anita, Sunrise's admin, and the public page's own calls.
 */

/** The smallest PDF the CV check takes (the applicants' CVs). */
const DEMO_CV = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const APPLICANTS = [
  { first_name: 'Meera', last_name: 'Iyer', email: 'meera.iyer@example.com', language: 'en' },
  { first_name: 'Yusuf', last_name: 'Khan', email: 'yusuf.khan@example.com', language: 'ar' },
  { first_name: 'Leah', last_name: 'Cohen', email: 'leah.cohen@example.com', language: 'he' },
] as const;

/** Seeds Sunrise's openings when it has none. Returns whether anything was written. */
export async function seedDemoHiringIfEmpty(services: Services): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const anitaId = demoId('user:9000000002');
  const anita = services.scopes.of({
    userId: anitaId,
    kind: 'staff',
    schoolId: sunrise,
    sessionId: 'seed:hiring',
    isTemp: false,
  });
  const { hiring } = services;
  const [{ n } = { n: 0 }] = await hiring.db.select({ n: count() }).from(jobOpenings).where(eq(jobOpenings.schoolId, sunrise));
  if (n > 0) return false;

  const teacher = await hiring.createOpening(anita, {
    title: 'Nursery teacher',
    description:
      'We are looking for a warm, playful teacher to lead Nursery A (ages 2–3) with a co-teacher. Early years qualification and two years with young children.',
    employment_type: 'full_time',
    location: 'Sunrise campus',
    role_id: demoId('role:sunrise:teacher'),
    class_ids: [demoId('class:nurseryA')],
    closes_on: null,
    status: 'open',
  });
  await hiring.createOpening(anita, {
    title: 'Music specialist',
    description: 'Two mornings a week of songs, rhythm and instruments across the school.',
    employment_type: 'part_time',
    location: 'Sunrise campus',
    role_id: demoId('role:sunrise:teacher'),
    class_ids: [],
    closes_on: null,
    status: 'closed',
  });

  const ids: string[] = [];
  for (const person of APPLICANTS) {
    const cv = await hiring.publicCv(sunrise, teacher._id, 'seed', async () => ({
      bytes: DEMO_CV,
      filename: `${person.first_name} ${person.last_name} CV.pdf`,
    }));
    const { reference } = await hiring.apply(
      sunrise,
      teacher._id,
      { ...person, phone: undefined, cover_letter: 'I would love to join Sunrise.', cv_id: cv._id },
      'seed',
    );
    const page = await hiring.applications(anita, { q: reference, page: 1, page_size: 1 });
    const id = page.items[0]?._id;
    if (id) ids.push(id);
  }
  const [, interviewed, offered] = ids;
  if (interviewed) {
    const today = todayIn(await services.school.timeZone(anita), services.clock.now());
    await hiring.createInterview(anita, interviewed, {
      date: ddmmyyyyFromIso(addDays(today, 7)),
      start: '10:00 AM',
      end: '10:45 AM',
      interviewer_ids: [anitaId],
      location: 'Front office',
      note: 'A short session with the children in Nursery A afterwards.',
      send_email: false,
    });
  }
  if (offered) {
    await hiring.moveStage(anita, offered, { stage: 'interview', note: '', send_email: false });
    await hiring.moveStage(anita, offered, { stage: 'offer', note: 'Start in the new term.', send_email: false });
  }
  return true;
}
