import type { AdmissionCreate, AdmissionStageRequest } from '@cue/contract';
import type { Services } from '../platform/http/app.js';
import { demoId } from './demo.js';

/*
 * The demo's admissions (`npm start`): six families in Sunrise's pipeline across the stages and
 * sources — one accepted for Nursery A, ready to be enrolled, and one with a note and a visit booked —
 * written through the admissions service as Anita, Sunrise's admin, only while the pipeline is empty.
 */

interface DemoFamily {
  create: AdmissionCreate;
  moves: AdmissionStageRequest[];
  note?: string;
}

const nurseryA = demoId('class:nurseryA');
const kindergartenB = demoId('class:kindergartenB');
const quiet = (stage: AdmissionStageRequest['stage'], extra: Partial<AdmissionStageRequest> = {}): AdmissionStageRequest => ({
  stage,
  note: '',
  send_email: false,
  ...extra,
});
const family = (
  child: string,
  parent: string,
  phone: string,
  source: AdmissionCreate['source'],
  extra: Partial<AdmissionCreate> = {},
): AdmissionCreate => {
  const [childFirst = child, ...childLast] = child.split(' ');
  const [parentFirst = parent, ...parentLast] = parent.split(' ');
  return {
    kind: 'enquiry',
    source,
    child_first_name: childFirst,
    child_last_name: childLast.join(' '),
    parent_first_name: parentFirst,
    parent_last_name: parentLast.join(' '),
    parent_email: `${parent.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    parent_phone: phone,
    language: 'en',
    ...extra,
  };
};

const FAMILIES: DemoFamily[] = [
  { create: family('Zoya Mehta', 'Kavya Mehta', '9812000001', 'website', { child_date_of_birth: '10-02-2024' }), moves: [] },
  {
    create: family('Sami Haddad', 'Rania Haddad', '9812000002', 'referral', {
      kind: 'application',
      child_date_of_birth: '22-07-2023',
      desired_class_id: nurseryA,
      language: 'ar',
    }),
    moves: [quiet('visit', { visit_date: '15-01-2031', visit_time: '10:00 AM', note: 'Tour with the Nursery A team' })],
    note: 'Older sibling moved from another nursery; asks about the afternoon sessions.',
  },
  {
    create: family('Ayaan Kapoor', 'Nikhil Kapoor', '9812000003', 'phone', {
      kind: 'application',
      child_date_of_birth: '03-05-2023',
      desired_class_id: nurseryA,
    }),
    moves: [quiet('offered'), quiet('accepted')],
  },
  {
    create: family('Noor Saleh', 'Huda Saleh', '9812000004', 'walk_in', {
      child_date_of_birth: '18-11-2021',
      desired_class_id: kindergartenB,
    }),
    moves: [quiet('application'), quiet('offered')],
  },
  {
    create: family('Eitan Levi', 'Dana Levi', '9812000005', 'social', { child_date_of_birth: '09-09-2022', language: 'he' }),
    moves: [quiet('waiting_list')],
  },
  {
    create: family('Mia Fernandes', 'Clara Fernandes', '9812000006', 'event', { child_date_of_birth: '01-01-2024' }),
    moves: [quiet('withdrawn')],
  },
];

/** Seeds Sunrise's admissions pipeline when it is empty. Returns whether anything was written. */
export async function seedDemoAdmissionsIfEmpty(services: Services): Promise<boolean> {
  const anita = services.scopes.of({
    userId: demoId('user:9000000002'),
    kind: 'staff',
    schoolId: demoId('school:sunrise'),
    sessionId: 'seed:admissions',
    isTemp: false,
  });
  if (!(await anita.schoolPermissions()).has('admission_management')) return false;
  if (await services.admissions.hasApplications(anita)) return false;
  for (const f of FAMILIES) {
    const made = await services.admissions.create(anita, f.create);
    for (const move of f.moves) await services.admissions.move(anita, made._id, move);
    if (f.note) await services.admissions.addNote(anita, made._id, f.note);
  }
  return true;
}
