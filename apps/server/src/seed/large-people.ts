import { createHash } from 'node:crypto';

/*
 * Who the large demo organization's key people are (seed/large.ts writes it): small on purpose, as the
 * configuration reads the sign-ins without loading the seed.
 */

/** Stable ids of the large school, as the demo's (a hash of a label). */
export const largeId = (label: string): string => createHash('sha256').update(`large:${label}`).digest('hex').slice(0, 24);

export const SCHOOLS = [
  { name: 'Oakwood Early Years', domain: 'oakwood.example' },
  { name: 'Riverside Nursery', domain: 'riverside.example' },
  { name: 'Hilltop Kindergarten', domain: 'hilltop.example' },
] as const;

/** Phone numbers: staff in 91…, families in 92… (the demo's are 900000000x). */
export const staffPhone = {
  superAdmin: '9100000001',
  admin: (school: number) => String(9_100_000_010 + school),
  teacher: (school: number, cls: number) => String(9_100_000_000 + school * 1000 + cls),
  assistant: (school: number, n: number) => String(9_100_000_000 + school * 1000 + 500 + n),
};

/** What benchmarks and tests rely on: the organization, its schools, and the key people's phones. */
export const LARGE = {
  organization: 'Large Learning Trust',
  organizationId: largeId('org'),
  schools: SCHOOLS.map((s, i) => ({ id: largeId(`school:${i + 1}`), name: s.name })),
  /** The first class of the first school (Toddlers A of Oakwood). */
  classId: largeId('class:1:1'),
  /** The first child of that class, whose parent is `phones.parent`. */
  childId: largeId('student:1:1:1'),
  phones: {
    /** Super admin of all three schools. */
    superAdmin: staffPhone.superAdmin,
    /** One admin per school, in the order of `schools`. */
    admins: [staffPhone.admin(1), staffPhone.admin(2), staffPhone.admin(3)],
    /** The class teacher of `classId`. */
    teacher: staffPhone.teacher(1, 1),
    /** A parent of `childId` (one child). */
    parent: '9200000001',
  },
} as const;

/** The key people's numbers, which sign in with the test code in non-production when the large school is seeded. */
export const LARGE_SIGN_INS: readonly string[] = [
  LARGE.phones.superAdmin,
  ...LARGE.phones.admins,
  LARGE.phones.teacher,
  LARGE.phones.parent,
];
