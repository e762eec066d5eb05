import {
  ALLERGY_SEVERITIES,
  BUILT_IN_CONSENTS,
  CHILD_MESSAGES,
  ERROR_CODES,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportPreview,
  isoFromDdmmyyyy,
  MESSAGES,
} from '@cue/contract';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import { toCsv } from '../../platform/csv.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { ChildRecordService } from '../children/service.js';
import type { RosterCache } from '../classes/roster-cache.js';
import type { RoleService } from '../roles/service.js';
import type { UserService } from '../users/service.js';
import { readSheet } from './parse.js';
import { type Problem, presentPreview, problemErrors } from './presenter.js';
import type { StaffPlan, StudentPlan } from './repo.js';
import * as repo from './repo.js';

type Row = Record<string, string>;

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
        [
          'Asha',
          'Kumar',
          first,
          'Ravi',
          'Kumar',
          '9876500001',
          'ravi.kumar@example.com',
          'father',
          '14-03-2023',
          'Peanuts (severe, EpiPen); Eggs (mild)',
          'Meena Kumar',
          '9876500003',
          'grandmother',
          'photos_class, outings, photos_public: no',
        ],
        ['Leo', 'Fernandes', second, 'Maria', 'Fernandes', '9876500002', '', 'mother', '', '', '', '', '', ''],
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
    private readonly children: ChildRecordService,
  ) {}

  async template(auth: Scope, kind: ImportKind): Promise<string> {
    return toCsv([IMPORT_COLUMNS[kind] as string[], ...templateExamples(kind, await repo.classNames(auth, this.db))]);
  }

  private async rows(bytes: Buffer): Promise<Row[]> {
    const rows = (await readSheet(bytes)).filter((r) => Object.values(r).some((v) => v));
    if (rows.length === 0) throw badRequest('The file has no rows to import', ERROR_CODES.importEmpty, 'file');
    if (rows.length > IMPORT_MAX_ROWS)
      throw badRequest(`At most ${IMPORT_MAX_ROWS} rows can be imported at once`, ERROR_CODES.importTooLarge, 'file');
    return rows;
  }

  /** The consents a file may name: the built-in ones and the school's own (read before any transaction). */
  private async consentKeys(auth: Scope): Promise<ReadonlySet<string>> {
    return new Set([...BUILT_IN_CONSENTS, ...(await this.children.consentTypes(auth)).map((c) => c.key)]);
  }

  private async checkStudents(auth: Scope, q: Queryable, rows: Row[], consentKeys: ReadonlySet<string>) {
    const problems: Problem[] = [];
    const plans: StudentPlan[] = [];
    const classIds = await repo.classesByName(auth, q);
    const existing = await repo.studentsInClasses(auth, q);
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
      const record = this.recordOf(r, add, consentKeys);
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
          ...(record ? { record } : {}),
        });
      }
    });
    return { problems, plans };
  }

  /**
   * The child's record columns: `date_of_birth` (DD-MM-YYYY), `allergies` ("Peanuts (severe, EpiPen);
   * Eggs (mild)"), one emergency contact, and `consents` ("photos_class, outings: no"): a consent named
   * alone was given, one followed by "no" was refused.
   */
  private recordOf(
    r: Row,
    add: (field: string, message: string) => void,
    consentKeys: ReadonlySet<string>,
  ): StudentPlan['record'] {
    const record: NonNullable<StudentPlan['record']> = { allergies: [], consents: [] };
    let any = false;
    const dob = r.date_of_birth ?? '';
    if (dob) {
      const iso = isoFromDdmmyyyy(dob);
      if (!iso) add('date_of_birth', 'Use the format DD-MM-YYYY');
      else if (iso > new Date().toISOString().slice(0, 10)) add('date_of_birth', CHILD_MESSAGES.bornInFuture);
      else {
        record.dateOfBirth = iso;
        any = true;
      }
    }
    for (const part of (r.allergies ?? '')
      .split(';')
      .map((a) => a.trim())
      .filter(Boolean)) {
      const match = /^([^()]+?)\s*(?:\(([^)]*)\))?$/.exec(part);
      const name = match?.[1]?.trim() ?? '';
      const notes = (match?.[2] ?? '').split(',').map((n) => n.trim().toLowerCase());
      const severity = ALLERGY_SEVERITIES.find((s) => notes.includes(s));
      if (!name || !severity) {
        add(
          'allergies',
          `Say how severe the allergy to ${name || part} is (mild, moderate or severe), e.g. Peanuts (severe, EpiPen)`,
        );
        continue;
      }
      record.allergies.push({ name: name.slice(0, 120), severity, epipen: notes.includes('epipen') });
      any = true;
    }
    const contactName = r.emergency_contact_name ?? '';
    const contactPhone = (r.emergency_contact_phone ?? '').trim();
    if (contactName || contactPhone) {
      if (!contactName) add('emergency_contact_name', "The emergency contact's name is missing");
      else if (contactPhone && !/^\+?[0-9 ()-]{6,20}$/.test(contactPhone)) add('emergency_contact_phone', 'Enter a phone number');
      else {
        record.emergency = {
          name: contactName.slice(0, 120),
          phone: contactPhone,
          relationship: (r.emergency_contact_relationship ?? '').slice(0, 60),
        };
        any = true;
      }
    }
    for (const part of (r.consents ?? '')
      .split(/[;,]/)
      .map((c) => c.trim())
      .filter(Boolean)) {
      const [rawKey = '', answer = 'yes'] = part.split(':').map((x) => x.trim().toLowerCase());
      if (!consentKeys.has(rawKey)) {
        add('consents', `No consent named ${rawKey}: use ${[...consentKeys].join(', ')}`);
        continue;
      }
      if (!['yes', 'no'].includes(answer)) {
        add('consents', `Answer ${rawKey} with yes or no`);
        continue;
      }
      record.consents.push({ key: rawKey, granted: answer === 'yes' });
      any = true;
    }
    return any ? record : undefined;
  }

  private async checkStaff(auth: Scope, q: Queryable, rows: Row[]) {
    const problems: Problem[] = [];
    const plans: StaffPlan[] = [];
    const classIds = await repo.classesByName(auth, q);
    const roleIds = await repo.roleIdsByName(auth, q);
    const grantable = await this.roleService.grantableRoleIds(auth, q);
    const memberContacts = await repo.staffContacts(auth, q);
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

  async preview(auth: Scope, kind: ImportKind, bytes: Buffer): Promise<ImportPreview> {
    staffSchool(auth);
    const rows = await this.rows(bytes);
    const { problems } =
      kind === 'students'
        ? await this.checkStudents(auth, this.db, rows, await this.consentKeys(auth))
        : await this.checkStaff(auth, this.db, rows);
    return presentPreview(kind, rows, problems);
  }

  async commit(
    auth: Scope,
    kind: ImportKind,
    bytes: Buffer,
  ): Promise<{ imported: number; parents_created: number; parents_linked: number }> {
    // parents_created: parent records made; parents_linked: parents who got a child in this import.
    const schoolId = staffSchool(auth);
    const rows = await this.rows(bytes);
    const consentKeys = kind === 'students' ? await this.consentKeys(auth) : new Set<string>();
    const result = await this.db.transaction(async (tx) => {
      if (kind === 'students') {
        const { problems, plans } = await this.checkStudents(auth, tx, rows, consentKeys);
        if (problems.length) throw this.invalid(problems);
        return repo.writeStudents(auth, tx, plans);
      }
      const { problems, plans } = await this.checkStaff(auth, tx, rows);
      if (problems.length) throw this.invalid(problems);
      return repo.writeStaff(auth, tx, plans);
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
      problemErrors(problems),
    );
  }
}
