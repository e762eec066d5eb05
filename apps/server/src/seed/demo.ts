import { createHash } from 'node:crypto';
import { DEFAULT_ROLE_SETS, SCHOOL_PERMISSIONS } from '@cue/contract';
import { count } from 'drizzle-orm';
import type { Db, Queryable } from '../platform/db/client.js';
import * as t from '../platform/db/schema.js';
import { seedLeave } from './leave.js';
import { seedRecords } from './records.js';

/** The learning frameworks every database has (migration 0007_frameworks). */
export const FRAMEWORK_IDS = { eyfs: '625b572f9aaa8ed6742d1172', pyp: '53e793cda72746d3fae7f6d3' } as const;

/** Stable ids for the demo school, so that people and tests can rely on them across installs. */
export const demoId = (label: string): string => createHash('sha256').update(`demo:${label}`).digest('hex').slice(0, 24);

const split = (full: string) => {
  const [first = full, ...rest] = full.split(' ');
  return { firstName: first, lastName: rest.join(' ') };
};
const emailOf = (full: string, domain: string) => `${full.toLowerCase().replace(/\s+/g, '.')}@${domain}`;

export const DEMO = {
  organization: 'Demo Learning Trust',
  schools: {
    sunrise: { name: 'Sunrise Early Years', direction: 'l2r', domain: 'sunrise.example' },
    moonbeam: { name: 'Moonbeam Nursery', direction: 'r2l', domain: 'moonbeam.example' },
  },
  classes: {
    nurseryA: {
      school: 'sunrise',
      name: 'Nursery A',
      ageRange: '2y 3m - 3y 0m',
      color: '#f08c00',
      students: [
        'Aarav Sharma',
        'Diya Patel',
        'Vihaan Gupta',
        'Ananya Iyer',
        'Kabir Khan',
        'Meera Nair',
        'Reyansh Verma',
        'Saanvi Reddy',
        'Omar Haddad',
        'Layla Mansour',
        'Noa Levi',
        'Ethan Brooks',
      ],
    },
    kindergartenB: {
      school: 'sunrise',
      name: 'Kindergarten B',
      ageRange: '4y 0m - 5y 0m',
      color: '#1c7ed6',
      students: [
        'Ira Sharma',
        'Riya Kapoor',
        'Arjun Singh',
        'Zara Ali',
        'Aditi Joshi',
        'Yusuf Rahman',
        'Tamar Cohen',
        'Lucas Martin',
        'Priya Das',
        'Sofia Rossi',
      ],
    },
    toddlers: {
      school: 'moonbeam',
      name: 'Toddlers',
      ageRange: '1y 6m - 2y 6m',
      color: '#7048e8',
      students: ['Adam Nassar', 'Maya Klein', 'Sara Aziz', 'Eli Stern', 'Lina Farouk'],
    },
  },
  people: [
    {
      phone: '9000000001',
      name: 'Sam Rao',
      staff: [
        { school: 'sunrise', role: 'superAdmin' },
        { school: 'moonbeam', role: 'superAdmin' },
      ],
    },
    { phone: '9000000002', name: 'Anita Desai', staff: [{ school: 'sunrise', role: 'admin' }] },
    { phone: '9000000003', name: 'Tara Menon', staff: [{ school: 'sunrise', role: 'teacher', classes: ['nurseryA'] }] },
    { phone: '9000000004', name: 'Rohan Sharma', children: ['Aarav Sharma', 'Ira Sharma'] },
    {
      phone: '9000000005',
      name: 'Neha Patel',
      staff: [{ school: 'sunrise', role: 'teacher', classes: ['kindergartenB'] }],
      children: ['Diya Patel'],
    },
    { phone: '9000000006', name: 'Mona Haddad', staff: [{ school: 'moonbeam', role: 'teacher', classes: ['toddlers'] }] },
  ],
} as const;

type SchoolKey = keyof typeof DEMO.schools;
type RoleKey = keyof typeof DEFAULT_ROLE_SETS;
const ROLE_NAMES: Record<RoleKey, { name: string; isAdmin: boolean; isSuperAdmin: boolean }> = {
  superAdmin: { name: 'Super Admin', isAdmin: true, isSuperAdmin: true },
  admin: { name: 'Admin', isAdmin: true, isSuperAdmin: false },
  teacher: { name: 'Teacher', isAdmin: false, isSuperAdmin: false },
};

async function seed(q: Queryable): Promise<void> {
  await seedPeople(q);
  await seedRecords(q, new Date());
  await seedLeave(q);
}

async function seedPeople(q: Queryable): Promise<void> {
  const orgId = demoId('org');
  await q.insert(t.organizations).values({ id: orgId, name: DEMO.organization });
  for (const [key, s] of Object.entries(DEMO.schools)) {
    await q.insert(t.schools).values({
      id: demoId(`school:${key}`),
      organizationId: orgId,
      name: s.name,
      editorDirection: s.direction,
      permissions: [...SCHOOL_PERMISSIONS],
    });
    for (const [roleKey, role] of Object.entries(ROLE_NAMES)) {
      await q.insert(t.roles).values({
        id: demoId(`role:${key}:${roleKey}`),
        schoolId: demoId(`school:${key}`),
        name: role.name,
        permissions: [...DEFAULT_ROLE_SETS[roleKey as RoleKey]],
        isAdmin: role.isAdmin,
        isSuperAdmin: role.isSuperAdmin,
      });
    }
  }
  const studentIds = new Map<string, string>();
  for (const [key, c] of Object.entries(DEMO.classes)) {
    const classId = demoId(`class:${key}`);
    const schoolId = demoId(`school:${c.school}`);
    await q.insert(t.classes).values({
      id: classId,
      schoolId,
      name: c.name,
      ageRange: c.ageRange,
      color: c.color,
      academicYearStart: '2026-06-01',
      academicYearEnd: '2027-05-31',
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
      startTime: '09:00',
      endTime: '15:00',
      curriculum: 'EYFS',
      classCurriculumId: FRAMEWORK_IDS.eyfs,
    });
    const rows = c.students.map((name) => {
      const id = demoId(`student:${name}`);
      studentIds.set(name, id);
      return { id, schoolId, ...split(name) };
    });
    await q.insert(t.students).values(rows);
    await q.insert(t.classStudents).values(rows.map((r) => ({ classId, studentId: r.id })));
  }
  for (const p of DEMO.people) {
    const userId = demoId(`user:${p.phone}`);
    const firstSchool = 'staff' in p ? (p.staff[0]?.school as SchoolKey) : 'sunrise';
    await q
      .insert(t.users)
      .values({ id: userId, ...split(p.name), phone: p.phone, email: emailOf(p.name, DEMO.schools[firstSchool].domain) });
    if ('staff' in p) {
      for (const m of p.staff) {
        await q.insert(t.memberships).values({
          id: demoId(`membership:${p.phone}:${m.school}`),
          userId,
          schoolId: demoId(`school:${m.school}`),
          roleId: demoId(`role:${m.school}:${m.role}`),
        });
        for (const cls of 'classes' in m ? m.classes : []) {
          await q.insert(t.classStaff).values({ classId: demoId(`class:${cls}`), userId });
        }
      }
    }
    if ('children' in p) {
      const parentId = demoId(`parent:${p.phone}`);
      await q.insert(t.parents).values({
        id: parentId,
        userId,
        primaryPhone: p.phone,
        primaryEmail: emailOf(p.name, 'family.example'),
        currentChildId: studentIds.get(p.children[0]) ?? null,
      });
      await q
        .insert(t.parentChildren)
        .values(p.children.map((name) => ({ parentId, studentId: studentIds.get(name) ?? demoId(`student:${name}`) })));
    }
  }
}

/** Seeds the demo school of the design brief into an empty database; returns whether it did. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.organizations);
  if (Number(row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => seed(tx));
  return true;
}
