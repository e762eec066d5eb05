import type { ClassDetail, ClassListItem, ClassSummary, classRequestSchema, classUpdateRequestSchema } from '@cue/contract';
import type { z } from 'zod';
import { staffSchool } from '../../platform/auth/scope.js';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import * as schoolRepo from '../school/repo.js';
import type { UserService } from '../users/service.js';
import { seesAllClasses } from './policy.js';
import { presentClassDetail, presentClassSummary } from './presenter.js';
import * as repo from './repo.js';
import type { RosterCache } from './roster-cache.js';

type ClassInput = z.infer<typeof classRequestSchema>;
type ClassUpdate = z.infer<typeof classUpdateRequestSchema>;

/** 'DD-MM-YYYY' → 'YYYY-MM-DD', checking that the day exists. */
export function isoDate(ddmmyyyy: string, field: string): string {
  const [d, m, y] = ddmmyyyy.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 0));
  if (date.getUTCDate() !== d || date.getUTCMonth() + 1 !== m)
    throw badRequest(`${field}: ${ddmmyyyy} is not a date`, undefined, field);
  return date.toISOString().slice(0, 10);
}

export class ClassService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly users: UserService,
    private readonly rosters: RosterCache,
  ) {}

  /** The classes a staff member works with: every class of the school for class managers, else their own. */
  async staffClasses(auth: AccessClaims): Promise<ClassSummary[]> {
    const schoolId = staffSchool(auth);
    const all = await seesAllClasses(auth, this.users);
    const rows = await repo.listSchoolClasses(this.db, schoolId, { onlyForUserId: all ? null : auth.userId });
    return rows.map(presentClassSummary);
  }

  /** One class with its students and staff; another school's class does not exist for the caller. */
  async detail(auth: AccessClaims, classId: string): Promise<ClassDetail> {
    const schoolId = staffSchool(auth);
    const detail = this.rosters.get(schoolId, classId) ?? (await this.loadDetail(schoolId, classId));
    if (!(await seesAllClasses(auth, this.users)) && !detail.staff_list.some((s) => s.id === auth.userId)) throw forbidden();
    return detail;
  }

  private async loadDetail(schoolId: string, classId: string): Promise<ClassDetail> {
    const row = await repo.findClass(this.db, schoolId, classId);
    if (!row) throw notFound();
    const [studentRows, staffRows] = await Promise.all([
      repo.classStudentsOf(this.db, [classId]),
      repo.classStaffOf(this.db, [classId]),
    ]);
    const detail = presentClassDetail(row, studentRows, staffRows);
    this.rosters.set(schoolId, detail);
    return detail;
  }

  /** Every school of the person, with the classes they work with in each (for the class selector). */
  async userSchoolsClasses(auth: AccessClaims) {
    const schools = await schoolRepo.schoolsOfUser(this.db, auth.userId);
    return Promise.all(
      schools.map(async (s) => {
        const all = (await this.users.rolePermissions(auth.userId, s.id)).has('admin_portal.classes');
        const rows = await repo.listSchoolClasses(this.db, s.id, { onlyForUserId: all ? null : auth.userId });
        return {
          school_details: {
            id: s.id,
            name: s.name,
            editor_direction: s.editorDirection === 'r2l' ? ('r2l' as const) : ('l2r' as const),
            organization: s.organization,
          },
          current: s.id === auth.schoolId,
          classes: rows.map(presentClassSummary),
        };
      }),
    );
  }

  /** The people of the caller's classes: staff and students per class. */
  async classesUsers(auth: AccessClaims) {
    const schoolId = staffSchool(auth);
    const all = await seesAllClasses(auth, this.users);
    const rows = await repo.listSchoolClasses(this.db, schoolId, { onlyForUserId: all ? null : auth.userId });
    const ids = rows.map((r) => r.cls.id);
    const [studentRows, staffRows] = await Promise.all([repo.classStudentsOf(this.db, ids), repo.classStaffOf(this.db, ids)]);
    return rows.map((r) =>
      presentClassDetail(
        r,
        studentRows.filter((s) => s.classId === r.cls.id),
        staffRows.filter((s) => s.classId === r.cls.id),
      ),
    );
  }

  async list(auth: AccessClaims): Promise<ClassListItem[]> {
    const rows = await repo.listSchoolClasses(this.db, staffSchool(auth), { includeArchived: true });
    return rows.map((r) => ({
      ...presentClassSummary(r),
      archived: r.cls.archivedAt !== null,
      division: r.divisionName ?? null,
    }));
  }

  private async checkDivision(schoolId: string, divisionId: string | null | undefined): Promise<void> {
    if (divisionId && !(await schoolRepo.findDivision(this.db, schoolId, divisionId)))
      throw badRequest('division_id: no such division in this school', undefined, 'division_id');
  }

  async create(auth: AccessClaims, input: ClassInput): Promise<ClassDetail> {
    const schoolId = staffSchool(auth);
    await this.checkDivision(schoolId, input.division_id);
    const start = input.academic_year_start ? isoDate(input.academic_year_start, 'academic_year_start') : null;
    const end = input.academic_year_end ? isoDate(input.academic_year_end, 'academic_year_end') : null;
    if (start && end && start >= end)
      throw badRequest('The academic year must end after it starts', undefined, 'academic_year_end');
    const id = newId();
    await repo.insertClass(this.db, {
      id,
      schoolId,
      name: input.class_name,
      academicYearStart: start,
      academicYearEnd: end,
      ageRange: input.age_range,
      days: input.classes_days,
      curriculum: input.curriculam ?? null,
      classCurriculumId: input.class_curriculum ?? null,
      startTime: input.start_time ?? null,
      endTime: input.end_time ?? null,
      color: input.color,
      divisionId: input.division_id ?? null,
    });
    this.rosters.invalidateSchool(schoolId);
    return this.detail(auth, id);
  }

  async update(auth: AccessClaims, classId: string, input: ClassUpdate): Promise<ClassDetail> {
    const schoolId = staffSchool(auth);
    const row = await repo.findClass(this.db, schoolId, classId);
    if (!row) throw notFound();
    await this.checkDivision(schoolId, input.division_id);
    const set: Parameters<typeof repo.updateClass>[2] = {};
    if (input.class_name !== undefined) set.name = input.class_name;
    if (input.academic_year_start !== undefined)
      set.academicYearStart = input.academic_year_start ? isoDate(input.academic_year_start, 'academic_year_start') : null;
    if (input.academic_year_end !== undefined)
      set.academicYearEnd = input.academic_year_end ? isoDate(input.academic_year_end, 'academic_year_end') : null;
    const start = set.academicYearStart !== undefined ? set.academicYearStart : row.cls.academicYearStart;
    const end = set.academicYearEnd !== undefined ? set.academicYearEnd : row.cls.academicYearEnd;
    if (!start !== !end) throw badRequest('Give both the start and the end of the academic year', undefined, 'academic_year_end');
    if (start && end && start >= end)
      throw badRequest('The academic year must end after it starts', undefined, 'academic_year_end');
    if (input.age_range !== undefined) set.ageRange = input.age_range;
    if (input.classes_days !== undefined) set.days = input.classes_days;
    if (input.curriculam !== undefined) set.curriculum = input.curriculam;
    if (input.start_time !== undefined) set.startTime = input.start_time;
    if (input.end_time !== undefined) set.endTime = input.end_time;
    if (input.color !== undefined) set.color = input.color;
    if (input.division_id !== undefined) set.divisionId = input.division_id;
    if (input.archived !== undefined) set.archivedAt = input.archived ? this.clock.now() : null;
    if (Object.keys(set).length) await repo.updateClass(this.db, classId, set);
    this.rosters.invalidateSchool(schoolId);
    return this.detail(auth, classId);
  }

  /**
   * POST /api/add_staff_to_classes/{id}: {id} is a class (body staff_ids) or a staff member (body
   * class_ids); either way the pairs are added, and what is already there stays.
   */
  async addStaffToClasses(auth: AccessClaims, id: string, body: { staff_ids?: string[]; class_ids?: string[] }) {
    const schoolId = staffSchool(auth);
    let pairs: { classId: string; userId: string }[];
    if (await repo.findClass(this.db, schoolId, id)) {
      const staffIds = [...new Set(body.staff_ids ?? [])];
      if (staffIds.length === 0) throw badRequest('staff_ids: give at least one staff member', undefined, 'staff_ids');
      for (const userId of staffIds)
        if (!(await this.users.isStaffOfSchool(userId, schoolId)))
          throw badRequest('staff_ids: not staff of this school', undefined, 'staff_ids');
      pairs = staffIds.map((userId) => ({ classId: id, userId }));
    } else if (await this.users.isStaffOfSchool(id, schoolId)) {
      const classIds = [...new Set(body.class_ids ?? [])];
      if (classIds.length === 0) throw badRequest('class_ids: give at least one class', undefined, 'class_ids');
      const found = await repo.existingClassIds(this.db, schoolId, classIds);
      if (found.length !== classIds.length) throw badRequest('class_ids: not classes of this school', undefined, 'class_ids');
      pairs = classIds.map((classId) => ({ classId, userId: id }));
    } else {
      throw notFound();
    }
    await repo.assignStaff(this.db, pairs);
    this.rosters.invalidateSchool(schoolId);
    return pairs.map((p) => ({ class_id: p.classId, staff_id: p.userId }));
  }
}
