import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's progress cards and feedback (with its history, `npm start`): in Nursery A's current period,
 * an open parent form "Term feedback from home" (a written, a picture and a 1-5 answer) that Rohan has
 * not answered yet, a self-assessment form of picture questions for the children, and Aarav's progress
 * card begun by Tara: three descriptors rated and a narrative started — written through the feedback and
 * progress card services as Nursery A's teacher.
 */

export const DEMO_PARENT_FORM_TITLE = 'Term feedback from home';

/** Seeds the demo's feedback forms and Aarav's card when the period has no parent form of that title. */
export async function seedDemoAssessmentHpcIfEmpty(services: Services): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const nurseryA = demoId('class:nurseryA');
  const aarav = demoId('student:Aarav Sharma');
  const tara = services.scopes.of({
    userId: demoId('user:9000000003'),
    kind: 'staff',
    schoolId: sunrise,
    sessionId: 'seed:assessment-hpc',
    isTemp: false,
  });
  const period = await services.assessment.period(tara);
  if (period.lockedAt) return false;
  const existing = await services.feedback.list(tara, { period_id: period.id, kind: 'parent' });
  if (existing.some((f) => f.title === DEMO_PARENT_FORM_TITLE)) return false;

  await services.feedback.create(tara, {
    kind: 'parent',
    period_id: period.id,
    title: DEMO_PARENT_FORM_TITLE,
    class_ids: [nurseryA],
    status: 'open',
    questions: [
      { key: 'at_home', text: 'What has your child enjoyed doing at home this term?', answer: 'text', required: true },
      { key: 'happy_to_come', text: 'Is your child happy to come to school?', answer: 'picture', required: false },
      { key: 'term_overall', text: 'How has the term gone for your child?', answer: 'scale', required: false },
    ],
  });
  await services.feedback.create(tara, {
    kind: 'self',
    period_id: period.id,
    title: 'All about me',
    class_ids: [nurseryA],
    status: 'open',
    questions: [
      { key: 'like_school', text: 'I like coming to school', answer: 'picture', required: true },
      { key: 'play_friends', text: 'I play with my friends', answer: 'picture', required: false },
      { key: 'try_new', text: 'I try new things', answer: 'picture', required: false },
    ],
  });
  // Descriptors the demo's records say little about, so the card's evidence still proposes others.
  await services.hpc.save(tara, aarav, {
    period_id: period.id,
    ratings: {
      self_awareness: { level: 'progressing', evidence: [], from_evidence: false },
      care_respect: { level: 'proficient', evidence: [], from_evidence: false },
      health_habits: { level: 'progressing', evidence: [], from_evidence: false },
    },
    narrative: 'Aarav has settled well this term and greets his friends every morning.',
  });
  return true;
}
