import type { Queryable } from '../platform/db/client.js';
import * as t from '../platform/db/schema.js';
import { DEMO, demoId } from './demo.js';

/*
 * The demo children's records (issue 18): a date of birth that fits each class's age range, a few
 * allergies (one child with an EpiPen), a medical condition, dietary needs, emergency contacts, and
 * consents mixed (one child without photo consent), so that every module that reads the record can
 * be tried with them. Aarav's record is left for people to fill in.
 */
type ClassKey = keyof typeof DEMO.classes;
/** Ages in months at the seed date, within each class's range. */
const AGE_MONTHS: Record<ClassKey, [number, number]> = { nurseryA: [28, 35], kindergartenB: [49, 59], toddlers: [19, 29] };
const ADMIN: Record<string, string> = { sunrise: '9000000002', moonbeam: '9000000001' };

const ALLERGIES: {
  child: string;
  name: string;
  severity: 'mild' | 'moderate' | 'severe';
  reaction: string;
  plan: string;
  epipen?: true;
}[] = [
  {
    child: 'Kabir Khan',
    name: 'Peanuts',
    severity: 'severe',
    reaction: 'Swelling of the lips and face, difficulty breathing',
    plan: 'Give the EpiPen at once, call an ambulance, then the parents',
    epipen: true,
  },
  {
    child: 'Diya Patel',
    name: 'Eggs',
    severity: 'mild',
    reaction: 'Itchy rash around the mouth',
    plan: 'Antihistamine as agreed with the parents',
  },
  {
    child: 'Riya Kapoor',
    name: 'Cow’s milk',
    severity: 'moderate',
    reaction: 'Stomach pain and vomiting',
    plan: 'Oat milk only; call the parents if she is unwell',
  },
  { child: 'Maya Klein', name: 'Sesame', severity: 'moderate', reaction: 'Hives', plan: 'Antihistamine; call the parents' },
];
const CONDITIONS: { child: string; kind: 'condition' | 'medicine'; name: string; plan: string }[] = [
  { child: 'Zara Ali', kind: 'condition', name: 'Asthma', plan: 'Blue inhaler in her bag; two puffs if she is wheezing' },
  { child: 'Zara Ali', kind: 'medicine', name: 'Salbutamol inhaler', plan: 'When needed, as above' },
];
const DIETS: Record<string, { religious: string[]; medical: string[]; notes: string }> = {
  'Omar Haddad': { religious: ['Halal'], medical: [], notes: '' },
  'Tamar Cohen': { religious: ['Kosher'], medical: [], notes: 'No meat with dairy in the same meal' },
  'Aditi Joshi': { religious: ['Vegetarian'], medical: [], notes: '' },
  'Riya Kapoor': { religious: [], medical: ['Dairy-free'], notes: '' },
};
/** The one child whose family did not consent to photos. */
const NO_PHOTOS = 'Meera Nair';
const CONSENTS = ['photos_class', 'photos_public', 'biometric', 'outings', 'sun_cream', 'first_aid'] as const;

const monthsBefore = (now: Date, months: number, day: number): string => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, Math.min(day, 28)));
  return d.toISOString().slice(0, 10);
};

export async function seedRecords(q: Queryable, now: Date): Promise<void> {
  const recorded = (school: string) => demoId(`user:${ADMIN[school] ?? '9000000002'}`);
  const parentOf = new Map<string, string>();
  for (const p of DEMO.people) if ('children' in p) for (const c of p.children) parentOf.set(c, demoId(`user:${p.phone}`));
  const profiles: (typeof t.studentProfiles.$inferInsert)[] = [];
  const consents: (typeof t.studentConsents.$inferInsert)[] = [];
  const contacts: (typeof t.studentContacts.$inferInsert)[] = [];
  const schoolOf = new Map<string, string>();
  for (const [key, cls] of Object.entries(DEMO.classes) as [ClassKey, (typeof DEMO.classes)[ClassKey]][]) {
    const [min, max] = AGE_MONTHS[key];
    cls.students.forEach((name, i) => {
      schoolOf.set(name, cls.school);
      if (name === 'Aarav Sharma') return;
      const studentId = demoId(`student:${name}`);
      const by = recorded(cls.school);
      profiles.push({
        studentId,
        dateOfBirth: monthsBefore(now, min + ((i * 3) % (max - min + 1)), 3 + i * 2),
        homeLanguages: cls.school === 'moonbeam' ? ['Arabic', 'Hebrew'] : ['English'],
        startDate: '2026-06-01',
        dietary: DIETS[name] ?? null,
        immunisation: 'up_to_date',
        updatedBy: by,
        updatedAt: now,
      });
      // Consents: a family with an account gave them in the app; the others on the paper form, recorded by the admin.
      const giver = parentOf.get(name) ?? by;
      for (const [k, consent] of CONSENTS.entries())
        consents.push({
          id: demoId(`record:${name}:consent:${consent}`),
          studentId,
          key: consent,
          // Face recognition: every other family agreed (the others were asked and said no).
          granted:
            !(name === NO_PHOTOS && (consent.startsWith('photos') || consent === 'biometric')) &&
            !(consent === 'photos_public' && i % 3 === 0) &&
            !(consent === 'biometric' && i % 2 === 1),
          givenBy: giver,
          givenAt: new Date(now.getTime() - (30 - k) * 86_400_000),
        });
      contacts.push({
        id: demoId(`record:${name}:emergency`),
        studentId,
        kind: 'emergency',
        name: `${name.split(' ')[1] ?? ''} family`.trim(),
        relationship: 'Family',
        phone: `98${String(10_000_000 + i * 7919).slice(0, 8)}`,
        priority: 1,
        recordedBy: by,
        recordedAt: now,
      });
    });
  }
  if (profiles.length) await q.insert(t.studentProfiles).values(profiles);
  if (consents.length) await q.insert(t.studentConsents).values(consents);
  if (contacts.length) await q.insert(t.studentContacts).values(contacts);
  const items: (typeof t.studentHealthItems.$inferInsert)[] = [
    ...ALLERGIES.map((a) => ({
      id: demoId(`record:${a.child}:allergy:${a.name}`),
      studentId: demoId(`student:${a.child}`),
      kind: 'allergy',
      name: a.name,
      severity: a.severity,
      reaction: a.reaction,
      actionPlan: a.plan,
      epipen: a.epipen ?? false,
      recordedBy: recorded(schoolOf.get(a.child) ?? 'sunrise'),
      recordedAt: now,
    })),
    ...CONDITIONS.map((c) => ({
      id: demoId(`record:${c.child}:${c.kind}:${c.name}`),
      studentId: demoId(`student:${c.child}`),
      kind: c.kind,
      name: c.name,
      actionPlan: c.plan,
      recordedBy: recorded(schoolOf.get(c.child) ?? 'sunrise'),
      recordedAt: now,
    })),
  ];
  await q.insert(t.studentHealthItems).values(items);
}
