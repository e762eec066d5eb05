import { weekdayOf } from '@cue/contract';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's drop-off and pick-up: the school asks a health question at drop-off, Aarav's grandmother
 * may collect him, a court order keeps someone from collecting Kabir, and (with the demo's history, on a
 * day Nursery A meets) a few of its children are already checked in — all written through the services
 * as the school's admin, Anita.
 */

export const DEMO_HEALTH_QUESTION = 'Has your child been well since yesterday, with no fever and no medicine?';

/** Seeds it when the school has no health question yet. Returns whether anything was written. */
export async function seedDemoDispersalIfEmpty(services: Services, withHistory: boolean): Promise<boolean> {
  const sunrise = demoId('school:sunrise');
  const anita = services.scopes.of({
    userId: demoId('user:9000000002'),
    kind: 'staff',
    schoolId: sunrise,
    sessionId: 'seed:dispersal',
    isTemp: false,
  });
  const { dispersal, children } = services;
  const settings = await dispersal.settings(anita);
  if (settings.health_question) return false;
  await dispersal.saveSettings(anita, { ...settings, health_question: DEMO_HEALTH_QUESTION });

  const aarav = demoId('student:Aarav Sharma');
  const kabir = demoId('student:Kabir Khan');
  const contacts = await children.pickupContactsOf(anita, [aarav, kabir]);
  if ((contacts.get(aarav)?.collectors.length ?? 0) === 0)
    await children.addContact(anita, aarav, {
      kind: 'collector',
      name: 'Kamala Sharma',
      relationship: 'Grandmother',
      phone: '9811122233',
      priority: 0,
    });
  if ((contacts.get(kabir)?.blocked.length ?? 0) === 0)
    await children.addContact(anita, kabir, {
      kind: 'not_allowed',
      name: 'Imran Khan',
      relationship: 'Father',
      priority: 0,
      reason: 'Court order of 12-03-2026: no contact and no collection. A copy is in the office file.',
    });

  if (!withHistory) return true;
  // Today's drop-off so far, on a day Nursery A meets: the children brought by their parents.
  const day = await dispersal.classDay(anita, demoId('class:nurseryA'));
  const [dd, mm, yyyy] = day.date.split('-');
  const meets = (await services.classes.detail(anita, day.class.id)).classes_days.includes(weekdayOf(`${yyyy}-${mm}-${dd}`));
  if (!meets) return true;
  for (const child of day.children) {
    const parent = child.expected.find((e) => e.kind === 'parent' && e.parent_id);
    if (child.status !== 'not_arrived' || !parent?.parent_id) continue;
    await dispersal.checkIn(anita, {
      student_id: child.student.id,
      adult: { kind: 'parent', parent_id: parent.parent_id },
      health_ok: true,
    });
  }
  return true;
}
