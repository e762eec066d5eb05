import type { ClassDetail, ClassListItem, ClassSummary, classRequestSchema, classUpdateRequestSchema } from '@cue/contract';
import type { z } from 'zod';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { SchoolService } from '../school/service.js';
import type { UserService } from '../users/service.js';
import { managesClasses } from './policy.js';
import { presentClassDetail, presentClassListItem, presentClassSummary, presentSchoolClasses } from './presenter.js';
import * as repo from './repo.js';
import type { RosterCache } from './roster-cache.js';

/** A class as written: its academic year in ISO dates (the routes turn the wire's DD-MM-YYYY into them). */
type ClassInput = Omit<z.infer<typeof classRequestSchema>, 'academic_year_start' | 'academic_year_end'> & {
  academic_year_start?: string | null;
  academic_year_end?: string | null;
};
type ClassUpdate = Omit<z.infer<typeof classUpdateRequestSchema>, 'academic_year_start' | 'academic_year_end'> & {
  academic_year_start?: string | null;
  academic_year_end?: string | null;
};

export class ClassService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly users: UserService,
    private readonly school: SchoolService,
    private readonly rosters: RosterCache,
  ) {}

  /** The classes a staff member works with: every class of the school for class managers, else their own. */
  async staffClasses(auth: Scope): Promise<ClassSummary[]> {
    staffSchool(auth);
    const rows = await repo.listSchoolClasses(auth, this.db, { onlyTaught: !(await managesClasses(auth)) });
    return rows.map(presentClassSummary);
  }

  /** Every class of the caller's school (not archived), whoever the caller teaches: for school-wide counts. */
  async allOfSchool(auth: Scope): Promise<{ id: string; class_name: string; classes_days: string[] }[]> {
    const rows = await repo.listSchoolClasses(auth, this.db);
    return rows.map((r) => ({ id: r.cls.id, class_name: r.cls.name, classes_days: r.cls.days }));
  }

  /** The name of a class of the caller's school (archived ones too); another school's does not exist. */
  async nameOf(auth: Scope, classId: string): Promise<string> {
    const row = await repo.findClass(auth, this.db, classId);
    if (!row) throw notFound();
    return row.cls.name;
  }

  /** Which of these classes (not archived) are of the caller's school. */
  async existingIds(auth: Scope, ids: string[]): Promise<string[]> {
    return repo.existingClassIds(auth, this.db, ids);
  }

  /** One class with its students and staff; another school's class does not exist for the caller. */
  async detail(auth: Scope, classId: string): Promise<ClassDetail> {
    const schoolId = staffSchool(auth);
    const detail = this.rosters.get(schoolId, classId) ?? (await this.loadDetail(auth, classId));
    // requireAccess's rule for a class (its staff, or class managers), answered from the roster the
    // request already holds (the class is of the caller's school: it was read by the school's scope).
    if (!detail.staff_list.some((s) => s.id === auth.userId) && !(await managesClasses(auth))) throw forbidden();
    return detail;
  }

  private async loadDetail(auth: Scope, classId: string): Promise<ClassDetail> {
    const row = await repo.findClass(auth, this.db, classId);
    if (!row) throw notFound();
    const [studentRows, staffRows] = await Promise.all([
      repo.classStudentsOf(auth, this.db, [classId]),
      repo.classStaffOf(auth, this.db, [classId]),
    ]);
    const detail = presentClassDetail(row, studentRows, staffRows);
    this.rosters.set(staffSchool(auth), detail);
    return detail;
  }

  /** Every school of the person, with the classes they work with in each (for the class selector). */
  async userSchoolsClasses(auth: Scope) {
    const schools = await this.school.schoolsOfCaller(auth);
    return Promise.all(
      schools.map(async (s) => {
        const all = (await this.users.rolePermissions(auth.userId, s.id)).has('admin_portal.classes');
        const rows = await repo.listSchoolClasses(auth, this.db, { schoolId: s.id, onlyTaught: !all });
        return presentSchoolClasses(s, s.id === auth.schoolId, rows);
      }),
    );
  }

  /** The people of the caller's classes: staff and students per class. */
  async classesUsers(auth: Scope): Promise<ClassDetail[]> {
    staffSchool(auth);
    const rows = await repo.listSchoolClasses(auth, this.db, { onlyTaught: !(await managesClasses(auth)) });
    const ids = rows.map((r) => r.cls.id);
    const [studentRows, staffRows] = await Promise.all([
      repo.classStudentsOf(auth, this.db, ids),
      repo.classStaffOf(auth, this.db, ids),
    ]);
    return rows.map((r) =>
      presentClassDetail(
        r,
        studentRows.filter((s) => s.classId === r.cls.id),
        staffRows.filter((s) => s.classId === r.cls.id),
      ),
    );
  }

  async list(auth: Scope): Promise<ClassListItem[]> {
    const rows = await repo.listSchoolClasses(auth, this.db, { includeArchived: true });
    return rows.map(presentClassListItem);
  }

  private async checkDivision(auth: Scope, divisionId: string | null | undefined): Promise<void> {
    if (divisionId && !(await this.school.hasDivision(auth, divisionId)))
      throw badRequest('division_id: no such division in this school', undefined, 'division_id');
  }

  async create(auth: Scope, input: ClassInput): Promise<ClassDetail> {
    const schoolId = staffSchool(auth);
    await this.checkDivision(auth, input.division_id);
    const start = input.academic_year_start ?? null;
    const end = input.academic_year_end ?? null;
    if (start && end && start >= end)
      throw badRequest('The academic year must end after it starts', undefined, 'academic_year_end');
    const id = newId();
    await repo.insertClass(auth, this.db, {
      id,
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

  async update(auth: Scope, classId: string, input: ClassUpdate): Promise<ClassDetail> {
    const schoolId = staffSchool(auth);
    const row = await repo.findClass(auth, this.db, classId);
    if (!row) throw notFound();
    await this.checkDivision(auth, input.division_id);
    const set: Parameters<typeof repo.updateClass>[3] = {};
    if (input.class_name !== undefined) set.name = input.class_name;
    if (input.academic_year_start !== undefined) set.academicYearStart = input.academic_year_start;
    if (input.academic_year_end !== undefined) set.academicYearEnd = input.academic_year_end;
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
    if (Object.keys(set).length) await repo.updateClass(auth, this.db, classId, set);
    this.rosters.invalidateSchool(schoolId);
    return this.detail(auth, classId);
  }

  /**
   * POST /api/add_staff_to_classes/{id}: {id} is a class (body staff_ids) or a staff member (body
   * class_ids); either way the pairs are added, and what is already there stays.
   */
  async addStaffToClasses(auth: Scope, id: string, body: { staff_ids?: string[]; class_ids?: string[] }) {
    const schoolId = staffSchool(auth);
    let pairs: { classId: string; userId: string }[];
    if (await repo.findClass(auth, this.db, id)) {
      const staffIds = [...new Set(body.staff_ids ?? [])];
      if (staffIds.length === 0) throw badRequest('staff_ids: give at least one staff member', undefined, 'staff_ids');
      for (const userId of staffIds)
        if (!(await this.users.isStaffOfSchool(userId, schoolId)))
          throw badRequest('staff_ids: not staff of this school', undefined, 'staff_ids');
      pairs = staffIds.map((userId) => ({ classId: id, userId }));
    } else if (await this.users.isStaffOfSchool(id, schoolId)) {
      const classIds = [...new Set(body.class_ids ?? [])];
      if (classIds.length === 0) throw badRequest('class_ids: give at least one class', undefined, 'class_ids');
      const found = await repo.existingClassIds(auth, this.db, classIds);
      if (found.length !== classIds.length) throw badRequest('class_ids: not classes of this school', undefined, 'class_ids');
      pairs = classIds.map((classId) => ({ classId, userId: id }));
    } else {
      throw notFound();
    }
    await repo.assignStaff(auth, this.db, pairs);
    this.rosters.invalidateSchool(schoolId);
    return pairs.map((p) => ({ class_id: p.classId, staff_id: p.userId }));
  }
}
