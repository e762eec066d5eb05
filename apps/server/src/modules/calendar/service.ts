import type { calendarEventRequestSchema } from '@cue/contract';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { AccessClaims } from '../../platform/auth/tokens.js';
import type { Db } from '../../platform/db/client.js';
import { calendarEvents, classes, classStudents, parentChildren, parents } from '../../platform/db/schema.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import { toDdmmyyyy, toIso } from '../attendance/dates.js';
import { seesAllClasses } from '../classes/policy.js';
import type { ClassService } from '../classes/service.js';
import type { UserService } from '../users/service.js';

type EventInput = z.infer<typeof calendarEventRequestSchema>;

/**
 * The school calendar: school-wide events and holidays (managed by who may edit the school's
 * details) and class events (by the class's staff). Staff see school-wide events and their classes'
 * (class managers: every class's); parents see their children's.
 */
export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly classes: ClassService,
    private readonly users: UserService,
    private readonly events: EventBus,
  ) {}

  private async managesSchool(auth: AccessClaims): Promise<boolean> {
    return !!auth.schoolId && (await this.users.rolePermissions(auth.userId, auth.schoolId)).has('admin_portal.school_details');
  }

  private async canEdit(auth: AccessClaims, classId: string | null): Promise<boolean> {
    if (auth.kind !== 'staff' || !auth.schoolId) return false;
    if (await this.managesSchool(auth)) return true;
    if (!classId) return false;
    try {
      await this.classes.detail(auth, classId);
      return true;
    } catch {
      return false;
    }
  }

  async list(auth: AccessClaims, query: { from: string; to: string; class_id?: string }) {
    const from = toIso(query.from, 'from');
    const to = toIso(query.to, 'to');
    if (from > to) throw badRequest('from must not come after to', undefined, 'to');
    let scope: ReturnType<typeof and>;
    if (auth.kind === 'staff' && auth.schoolId) {
      // School-wide events, and the events of the classes the caller works with (the classes module's rule:
      // class managers see every class); a class that is not theirs is refused as the class itself is.
      const classIds = query.class_id
        ? [(await this.classes.detail(auth, query.class_id)).id]
        : (await seesAllClasses(auth, this.users))
          ? null
          : (await this.classes.staffClasses(auth)).map((c) => c.id);
      scope = and(
        eq(calendarEvents.schoolId, auth.schoolId),
        classIds
          ? or(isNull(calendarEvents.classId), classIds.length ? inArray(calendarEvents.classId, classIds) : undefined)
          : undefined,
      );
    } else {
      const kids = await this.db
        .select({ classId: classStudents.classId, schoolId: classes.schoolId })
        .from(parents)
        .innerJoin(parentChildren, eq(parentChildren.parentId, parents.id))
        .innerJoin(classStudents, eq(classStudents.studentId, parentChildren.studentId))
        .innerJoin(classes, eq(classes.id, classStudents.classId))
        .where(eq(parents.userId, auth.userId));
      if (kids.length === 0) return [];
      scope = or(
        and(inArray(calendarEvents.schoolId, [...new Set(kids.map((k) => k.schoolId))]), isNull(calendarEvents.classId)),
        inArray(
          calendarEvents.classId,
          kids.map((k) => k.classId),
        ),
      );
    }
    const rows = await this.db
      .select({ e: calendarEvents, className: classes.name })
      .from(calendarEvents)
      .leftJoin(classes, eq(classes.id, calendarEvents.classId))
      .where(and(scope, lte(calendarEvents.startDate, to), gte(calendarEvents.endDate, from)))
      .orderBy(asc(calendarEvents.startDate), asc(calendarEvents.title));
    const manages = auth.kind === 'staff' ? await this.managesSchool(auth) : false;
    return Promise.all(
      rows.map(async ({ e, className }) => ({
        id: e.id,
        title: e.title,
        description: e.description,
        start_date: toDdmmyyyy(e.startDate),
        end_date: toDdmmyyyy(e.endDate),
        class_id: e.classId,
        class_name: className,
        is_holiday: e.isHoliday,
        created_by: e.createdBy,
        can_edit: manages || (auth.kind === 'staff' && (await this.canEdit(auth, e.classId))),
      })),
    );
  }

  private async checkInput(auth: AccessClaims, input: EventInput) {
    const start = toIso(input.start_date, 'start_date');
    const end = toIso(input.end_date, 'end_date');
    if (start > end) throw badRequest('The event must end on or after its start', undefined, 'end_date');
    if (input.class_id) {
      try {
        await this.classes.detail(auth, input.class_id);
      } catch {
        throw badRequest('class_id: no such class of yours', undefined, 'class_id');
      }
    }
    if (!(await this.canEdit(auth, input.class_id))) throw forbidden();
    return { start, end };
  }

  private async find(auth: AccessClaims, id: string) {
    const [row] = await this.db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.id, id), eq(calendarEvents.schoolId, auth.schoolId ?? '')))
      .limit(1);
    if (!row) throw notFound();
    if (!(await this.canEdit(auth, row.classId))) throw forbidden();
    return row;
  }

  async create(auth: AccessClaims, input: EventInput) {
    const { start, end } = await this.checkInput(auth, input);
    const id = newId();
    await this.db.insert(calendarEvents).values({
      id,
      schoolId: auth.schoolId ?? '',
      classId: input.class_id,
      title: input.title,
      description: input.description,
      startDate: start,
      endDate: end,
      isHoliday: input.is_holiday,
      createdBy: auth.userId,
    });
    this.events.publish('calendar.updated', { schoolId: auth.schoolId ?? '', classId: input.class_id });
    return this.listed(auth, id, input);
  }

  async update(auth: AccessClaims, id: string, input: EventInput) {
    await this.find(auth, id);
    const { start, end } = await this.checkInput(auth, input);
    await this.db
      .update(calendarEvents)
      .set({
        classId: input.class_id,
        title: input.title,
        description: input.description,
        startDate: start,
        endDate: end,
        isHoliday: input.is_holiday,
      })
      .where(eq(calendarEvents.id, id));
    this.events.publish('calendar.updated', { schoolId: auth.schoolId ?? '', classId: input.class_id });
    return this.listed(auth, id, input);
  }

  /** An event as the calendar lists it, read back after a write. */
  private async listed(auth: AccessClaims, id: string, input: EventInput) {
    const range = { from: input.start_date, to: input.end_date, class_id: input.class_id ?? undefined };
    const event = (await this.list(auth, range)).find((e) => e.id === id);
    if (!event) throw notFound();
    return event;
  }

  async remove(auth: AccessClaims, id: string): Promise<void> {
    const row = await this.find(auth, id);
    await this.db.delete(calendarEvents).where(eq(calendarEvents.id, id));
    this.events.publish('calendar.updated', { schoolId: auth.schoolId ?? '', classId: row.classId });
  }
}
