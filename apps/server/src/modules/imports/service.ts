import { ERROR_CODES, IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportKind, type ImportPreview, MESSAGES } from '@cue/contract';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import { toCsv } from '../../platform/csv.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import {
  classes,
  classStaff,
  classStudents,
  memberships,
  parentChildren,
  parents,
  roles,
  staffInvitations,
  students,
  users,
} from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { RoleService } from '../roles/service.js';
import type { UserService } from '../users/service.js';
import { readSheet } from './parse.js';

type Row = Record<string, string>;
interface Problem {
  row: number;
  field: string;
  message: string;
}

const PHONE = /^\d{10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spreadsheet row numbers: the header is row 1. */
const rowNo = (i: number) => i + 2;
const key = (...parts: string[]) => parts.map((p) => p.trim().toLowerCase()).join('|');

/** Example rows for the template, naming the school's own classes. */
const templateExamples = (kind: ImportKind, classNames: string[]): string[][] => {
  const [first = 'Class name', second = first] = classNames;
  return kind === 'students'
    ? [
        ['Asha', 'Kumar', first, 'Ravi', 'Kumar', '9876500001', 'ravi.kumar@example.com', 'father'],
        ['Leo', 'Fernandes', second, 'Maria', 'Fernandes', '9876500002', '', 'mother'],
      ]
    : [
        [
          'Priya',
          'Nair',
          '9876500010',
          'priya.nair@example.com',
          'Teacher',
          [first, second].filter((v, i, a) => a.indexOf(v) === i).join('; '),
        ],
      ];
};

interface StudentPlan {
  firstName: string;
  lastName: string;
  classId: string;
  parent?: { firstName: string; lastName: string; phone?: string; email?: string; relation: string };
}
interface StaffPlan {
  firstName: string;
  lastName: string;
  phone?: string;
  email?: string;
  roleId: string;
  classIds: string[];
}

/**
 * Bulk onboarding from CSV or XLSX. `preview` lists every row's problems and writes nothing;
 * `commit` checks again and writes all rows in one transaction, or nothing.
 */
export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly rosters: RosterCache,
    private readonly roleService: RoleService,
  ) {}

  async template(auth: AccessClaims, kind: ImportKind): Promise<string> {
    const rows = await this.db
      .select({ name: classes.name })
      .from(classes)
      .where(and(eq(classes.schoolId, staffSchool(auth)), isNull(classes.archivedAt)))
      .orderBy(asc(classes.name));
    return toCsv([
      IMPORT_COLUMNS[kind] as string[],
      ...templateExamples(
        kind,
        rows.map((r) => r.name),
      ),
    ]);
  }

  private async rows(bytes: Buffer): Promise<Row[]> {
    const rows = (await readSheet(bytes)).filter((r) => Object.values(r).some((v) => v));
    if (rows.length === 0) throw badRequest('The file has no rows to import', ERROR_CODES.importEmpty, 'file');
    if (rows.length > IMPORT_MAX_ROWS)
      throw badRequest(`At most ${IMPORT_MAX_ROWS} rows can be imported at once`, ERROR_CODES.importTooLarge, 'file');
    return rows;
  }

  private async classMap(q: Queryable, schoolId: string) {
    const rows = await q
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), isNull(classes.archivedAt)));
    return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
  }

  private async checkStudents(q: Queryable, schoolId: string, rows: Row[]) {
    const problems: Problem[] = [];
    const plans: StudentPlan[] = [];
    const classIds = await this.classMap(q, schoolId);
    const existing = await q
      .select({ first: students.firstName, last: students.lastName, classId: classStudents.classId })
      .from(students)
      .innerJoin(classStudents, eq(classStudents.studentId, students.id))
      .where(eq(students.schoolId, schoolId));
    const taken = new Set(existing.map((e) => key(e.first, e.last, e.classId)));
    const seen = new Map<string, number>();
    rows.forEach((r, i) => {
      const n = rowNo(i);
      const add = (field: string, message: string) => problems.push({ row: n, field, message });
      const first = r.first_name ?? '';
      const last = r.last_name ?? '';
      const className = r.class_name ?? '';
      if (!first) add('first_name', 'First name is missing');
      const classId = classIds.get(className.trim().toLowerCase());
      if (!className) add('class_name', 'Class is missing');
      else if (!classId) add('class_name', `No class named ${className}`);
      const phone = (r.parent_phone ?? '').replace(/[\s-]/g, '').replace(/^\+?91(?=\d{10}$)/, '');
      const email = r.parent_email ?? '';
      const parentFirst = r.parent_first_name ?? '';
      if (phone && !PHONE.test(phone)) add('parent_phone', 'Phone number must be 10 digits');
      if (email && !EMAIL.test(email)) add('parent_email', 'Email is not valid');
      if ((phone || email) && !parentFirst) add('parent_first_name', "Parent's first name is missing");
      if (parentFirst && !phone && !email) add('parent_phone', "Give the parent's phone number or email");
      if (first && classId) {
        const k = key(first, last, classId);
        const earlier = seen.get(k);
        if (earlier) add('first_name', `Duplicate of row ${earlier}`);
        else if (taken.has(k)) add('first_name', `${first} ${last} is already in ${className}`);
        seen.set(k, n);
        plans.push({
          firstName: first,
          lastName: last,
          classId,
          ...(parentFirst && (phone || email)
            ? {
                parent: {
                  firstName: parentFirst,
                  lastName: r.parent_last_name ?? '',
                  phone: phone || undefined,
                  email: email || undefined,
                  relation: r.parent_relation || 'parent',
                },
              }
            : {}),
        });
      }
    });
    return { problems, plans };
  }

  private async checkStaff(q: Queryable, auth: AccessClaims, schoolId: string, rows: Row[]) {
    const problems: Problem[] = [];
    const plans: StaffPlan[] = [];
    const classIds = await this.classMap(q, schoolId);
    const roleRows = await q.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.schoolId, schoolId));
    const roleIds = new Map(roleRows.map((r) => [r.name.toLowerCase(), r.id]));
    const grantable = await this.roleService.grantableRoleIds(auth, q);
    const members = await q
      .select({ phone: users.phone, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.schoolId, schoolId), isNull(users.deletedAt)));
    const memberContacts = new Set(members.flatMap((m) => [m.phone, m.email?.toLowerCase()]).filter(Boolean));
    const seen = new Map<string, number>();
    rows.forEach((r, i) => {
      const n = rowNo(i);
      const add = (field: string, message: string) => problems.push({ row: n, field, message });
      const first = r.first_name ?? '';
      const phone = (r.phone ?? '').replace(/[\s-]/g, '').replace(/^\+?91(?=\d{10}$)/, '');
      const email = (r.email ?? '').toLowerCase();
      if (!first) add('first_name', 'First name is missing');
      if (phone && !PHONE.test(phone)) add('phone', 'Phone number must be 10 digits');
      if (email && !EMAIL.test(email)) add('email', 'Email is not valid');
      if (!phone && !email) add('phone', 'Give a phone number or an email to sign in with');
      const roleId = roleIds.get((r.role || 'Teacher').toLowerCase());
      if (!roleId) add('role', `No role named ${r.role}`);
      else if (!grantable.has(roleId)) add('role', MESSAGES.privilegeGrant);
      const names = (r.class_names ?? '')
        .split(/[;,]/)
        .map((c) => c.trim())
        .filter(Boolean);
      const ids: string[] = [];
      for (const name of names) {
        const id = classIds.get(name.toLowerCase());
        if (id) ids.push(id);
        else add('class_names', `No class named ${name}`);
      }
      for (const contact of [phone, email].filter(Boolean)) {
        const earlier = seen.get(contact);
        if (earlier) add(contact === phone ? 'phone' : 'email', `Duplicate of row ${earlier}`);
        else if (memberContacts.has(contact)) add(contact === phone ? 'phone' : 'email', 'Already staff of this school');
        seen.set(contact, n);
      }
      if (first && roleId)
        plans.push({
          firstName: first,
          lastName: r.last_name ?? '',
          phone: phone || undefined,
          email: email || undefined,
          roleId,
          classIds: ids,
        });
    });
    return { problems, plans };
  }

  async preview(auth: AccessClaims, kind: ImportKind, bytes: Buffer): Promise<ImportPreview> {
    const schoolId = staffSchool(auth);
    const rows = await this.rows(bytes);
    const { problems } =
      kind === 'students'
        ? await this.checkStudents(this.db, schoolId, rows)
        : await this.checkStaff(this.db, auth, schoolId, rows);
    const badRows = new Set(problems.map((p) => p.row));
    return { kind, total_rows: rows.length, valid_rows: rows.length - badRows.size, problems, rows };
  }

  async commit(
    auth: AccessClaims,
    kind: ImportKind,
    bytes: Buffer,
  ): Promise<{ imported: number; parents_created: number; parents_linked: number }> {
    // parents_created: parent records made; parents_linked: parents who got a child in this import.
    const schoolId = staffSchool(auth);
    const rows = await this.rows(bytes);
    const result = await this.db.transaction(async (tx) => {
      if (kind === 'students') {
        const { problems, plans } = await this.checkStudents(tx, schoolId, rows);
        if (problems.length) throw this.invalid(problems);
        return this.writeStudents(tx, schoolId, plans);
      }
      const { problems, plans } = await this.checkStaff(tx, auth, schoolId, rows);
      if (problems.length) throw this.invalid(problems);
      return this.writeStaff(tx, schoolId, auth.userId, plans);
    });
    this.users.invalidateAll();
    this.rosters.invalidateSchool(schoolId);
    return result;
  }

  private invalid(problems: Problem[]) {
    return new AppError(
      400,
      `The file has ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was imported`,
      ERROR_CODES.importInvalid,
      problems.map((p) => ({ field: `row ${p.row}: ${p.field}`, message: p.message })),
    );
  }

  /** People already known by phone or email: the same person is never created twice. */
  private async knownUsers(q: Queryable, phones: string[], emails: string[]) {
    if (!phones.length && !emails.length) return [];
    return q
      .select({ id: users.id, phone: users.phone, email: users.email, parentId: parents.id })
      .from(users)
      .leftJoin(parents, eq(parents.userId, users.id))
      .where(
        and(
          isNull(users.deletedAt),
          or(
            phones.length ? inArray(users.phone, phones) : undefined,
            emails.length ? inArray(sql`lower(${users.email})`, emails) : undefined,
          ),
        ),
      );
  }

  private async writeStudents(q: Queryable, schoolId: string, plans: StudentPlan[]) {
    const parentPlans = plans.map((p) => p.parent).filter((p) => p !== undefined);
    const known = await this.knownUsers(
      q,
      parentPlans.map((p) => p.phone).filter((p): p is string => !!p),
      parentPlans.map((p) => p.email?.toLowerCase()).filter((e): e is string => !!e),
    );
    const byContact = new Map<string, { userId: string; parentId: string | null }>();
    for (const k of known) {
      const entry = { userId: k.id, parentId: k.parentId };
      if (k.phone) byContact.set(k.phone, entry);
      if (k.email) byContact.set(k.email.toLowerCase(), entry);
    }
    const newUsers: (typeof users.$inferInsert)[] = [];
    const newParents: (typeof parents.$inferInsert)[] = [];
    let created = 0;
    let linked = 0;
    const parentIdFor = (p: NonNullable<StudentPlan['parent']>): string => {
      const found = (p.phone && byContact.get(p.phone)) || (p.email && byContact.get(p.email.toLowerCase())) || undefined;
      if (found?.parentId) return found.parentId;
      const parentId = newId();
      let userId = found?.userId;
      if (!userId) {
        userId = newId();
        newUsers.push({
          id: userId,
          firstName: p.firstName,
          lastName: p.lastName,
          phone: p.phone ?? null,
          email: p.email ?? null,
        });
        created++;
      } else {
        linked++;
      }
      newParents.push({ id: parentId, userId, primaryPhone: p.phone ?? null, primaryEmail: p.email ?? null });
      const entry = { userId, parentId };
      if (p.phone) byContact.set(p.phone, entry);
      if (p.email) byContact.set(p.email.toLowerCase(), entry);
      return parentId;
    };
    const studentRows: (typeof students.$inferInsert)[] = [];
    const classLinks: (typeof classStudents.$inferInsert)[] = [];
    const parentLinks: (typeof parentChildren.$inferInsert)[] = [];
    for (const plan of plans) {
      const id = newId();
      studentRows.push({ id, schoolId, firstName: plan.firstName, lastName: plan.lastName });
      classLinks.push({ classId: plan.classId, studentId: id });
      if (plan.parent)
        parentLinks.push({
          parentId: parentIdFor(plan.parent),
          studentId: id,
          relation: plan.parent.relation,
          // The contact as this school typed it: a person already known elsewhere is not read out.
          firstName: plan.parent.firstName,
          lastName: plan.parent.lastName,
          phone: plan.parent.phone ?? null,
          email: plan.parent.email ?? null,
        });
    }
    const chunk = <T>(list: T[], size = 500) =>
      Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));
    for (const part of chunk(newUsers)) await q.insert(users).values(part);
    for (const part of chunk(newParents)) await q.insert(parents).values(part);
    for (const part of chunk(studentRows)) await q.insert(students).values(part);
    for (const part of chunk(classLinks)) await q.insert(classStudents).values(part);
    for (const part of chunk(parentLinks)) await q.insert(parentChildren).values(part).onConflictDoNothing();
    const touched = [...new Set(parentLinks.map((l) => l.parentId))];
    for (const part of chunk(touched)) {
      await q
        .update(parents)
        .set({
          currentChildId: sql`(select ${parentChildren.studentId} from ${parentChildren} where ${parentChildren.parentId} = ${parents.id} limit 1)`,
        })
        .where(and(inArray(parents.id, part), isNull(parents.currentChildId)));
    }
    return { imported: plans.length, parents_created: created + linked, parents_linked: touched.length };
  }

  /** New people become staff at once; people who already have an account are invited (see PeopleService.createStaff). */
  private async writeStaff(q: Queryable, schoolId: string, invitedBy: string, plans: StaffPlan[]) {
    const known = await this.knownUsers(
      q,
      plans.map((p) => p.phone).filter((p): p is string => !!p),
      plans.map((p) => p.email).filter((e): e is string => !!e),
    );
    let created = 0;
    for (const plan of plans) {
      const knownId = known.find(
        (k) => (plan.phone && k.phone === plan.phone) || (plan.email && k.email?.toLowerCase() === plan.email),
      )?.id;
      if (knownId) {
        await q
          .insert(staffInvitations)
          .values({
            id: newId(),
            schoolId,
            userId: knownId,
            roleId: plan.roleId,
            classIds: plan.classIds,
            firstName: plan.firstName,
            lastName: plan.lastName,
            phone: plan.phone ?? null,
            email: plan.email ?? null,
            invitedBy,
          })
          .onConflictDoNothing();
        continue;
      }
      const userId = newId();
      await q.insert(users).values({
        id: userId,
        firstName: plan.firstName,
        lastName: plan.lastName,
        phone: plan.phone ?? null,
        email: plan.email ?? null,
      });
      created++;
      await q.insert(memberships).values({ id: newId(), userId, schoolId, roleId: plan.roleId });
      if (plan.classIds.length)
        await q
          .insert(classStaff)
          .values(plan.classIds.map((classId) => ({ classId, userId })))
          .onConflictDoNothing();
    }
    return { imported: plans.length, parents_created: 0, parents_linked: 0, accounts_created: created };
  }
}
