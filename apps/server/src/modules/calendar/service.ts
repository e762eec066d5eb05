import { addDays, type calendarEventRequestSchema } from '@cue/contract';
import type { z } from 'zod';
import { type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import { newId } from '../../platform/ids.js';
import { managesClasses } from '../classes/policy.js';
import type { ClassService } from '../classes/service.js';
import { presentEvent } from './presenter.js';
import * as repo from './repo.js';

/** An event as written: its days in ISO (the routes turn the wire's DD-MM-YYYY into them). */
export type EventInput = Omit<z.infer<typeof calendarEventRequestSchema>, 'start_date' | 'end_date'> & {
  start: string;
  end: string;
};

/**
 * The school calendar: school-wide events and holidays (managed by who may edit the school's
 * details) and class events (by the class's staff). Staff see school-wide events and their classes'
 * (class managers: every class's); parents see their children's. Dates are ISO.
 */
export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly classes: ClassService,
    private readonly events: EventBus,
  ) {}

  private async managesSchool(auth: Scope): Promise<boolean> {
    return auth.kind === 'staff' && (await auth.rolePermissions()).has('admin_portal.school_details');
  }

  private async canEdit(auth: Scope, classId: string | null): Promise<boolean> {
    if (auth.kind !== 'staff' || !auth.schoolId) return false;
    if (await this.managesSchool(auth)) return true;
    if (!classId) return false;
    try {
      // The class's rule (its staff, class managers), answered from the roster cache.
      await this.classes.detail(auth, classId);
      return true;
    } catch {
      return false;
    }
  }

  async list(auth: Scope, query: { from: string; to: string; class_id?: string }) {
    const { from, to } = query;
    if (from > to) throw badRequest('from must not come after to', undefined, 'to');
    let classIds: string[] | null = null;
    if (auth.kind === 'staff') {
      // School-wide events, and the events of the classes the caller works with (the classes module's rule:
      // class managers see every class); a class that is not theirs is refused as the class itself is.
      if (query.class_id) classIds = [(await this.classes.detail(auth, query.class_id)).id];
      else if (!(await managesClasses(auth))) classIds = (await this.classes.staffClasses(auth)).map((c) => c.id);
    }
    const rows = await repo.listEvents(auth, this.db, from, to, classIds);
    const manages = await this.managesSchool(auth);
    return Promise.all(
      rows.map(async ({ e, className }) => presentEvent(e, className, manages || (await this.canEdit(auth, e.classId)))),
    );
  }

  private async checkInput(auth: Scope, input: EventInput) {
    if (input.start > input.end) throw badRequest('The event must end on or after its start', undefined, 'end_date');
    if (input.class_id) {
      try {
        await this.classes.detail(auth, input.class_id);
      } catch {
        throw badRequest('class_id: no such class of yours', undefined, 'class_id');
      }
    }
    if (!(await this.canEdit(auth, input.class_id))) throw forbidden();
  }

  private async find(auth: Scope, id: string) {
    const row = await repo.findEvent(auth, this.db, id);
    if (!row) throw notFound();
    if (!(await this.canEdit(auth, row.classId))) throw forbidden();
    return row;
  }

  /** An event the caller may change (another module attaches things to it): 404 elsewhere, 403 when not theirs to change. */
  async editableEvent(auth: Scope, id: string): Promise<{ id: string; classId: string | null }> {
    const row = await this.find(auth, id);
    return { id: row.id, classId: row.classId };
  }

  /**
   * The holiday days (ISO) from `from` to `to` of the caller's school: school-wide holidays and the
   * class's own (the day schedule and the timetable skip them). The caller checks the class.
   */
  async holidayDays(auth: Scope, classId: string | null, from: string, to: string): Promise<Set<string>> {
    const days = new Set<string>();
    for (const h of await repo.holidayRanges(auth, this.db, classId, from, to)) {
      const first = h.start > from ? h.start : from;
      const last = h.end < to ? h.end : to;
      for (let d = first; d <= last; d = addDays(d, 1)) days.add(d);
    }
    return days;
  }

  /** The holiday days (ISO) of the range with the holiday's name (the school's and the class's, as above). */
  async holidayNames(auth: Scope, classId: string | null, from: string, to: string): Promise<Map<string, string>> {
    const days = new Map<string, string>();
    for (const h of await repo.holidayRanges(auth, this.db, classId, from, to)) {
      const first = h.start > from ? h.start : from;
      const last = h.end < to ? h.end : to;
      for (let d = first; d <= last; d = addDays(d, 1)) if (!days.has(d)) days.set(d, h.name);
    }
    return days;
  }

  async create(auth: Scope, input: EventInput) {
    const schoolId = staffSchool(auth);
    await this.checkInput(auth, input);
    const id = newId();
    await repo.insertEvent(auth, this.db, {
      id,
      classId: input.class_id,
      title: input.title,
      description: input.description,
      startDate: input.start,
      endDate: input.end,
      isHoliday: input.is_holiday,
      createdBy: auth.userId,
    });
    this.events.publish('calendar.updated', { schoolId, classId: input.class_id });
    return this.listed(auth, id, input);
  }

  async update(auth: Scope, id: string, input: EventInput) {
    const schoolId = staffSchool(auth);
    await this.find(auth, id);
    await this.checkInput(auth, input);
    await repo.updateEvent(auth, this.db, id, {
      classId: input.class_id,
      title: input.title,
      description: input.description,
      startDate: input.start,
      endDate: input.end,
      isHoliday: input.is_holiday,
    });
    this.events.publish('calendar.updated', { schoolId, classId: input.class_id });
    return this.listed(auth, id, input);
  }

  /** An event as the calendar lists it, read back after a write. */
  private async listed(auth: Scope, id: string, input: EventInput) {
    const range = { from: input.start, to: input.end, class_id: input.class_id ?? undefined };
    const event = (await this.list(auth, range)).find((e) => e.id === id);
    if (!event) throw notFound();
    return event;
  }

  async remove(auth: Scope, id: string): Promise<void> {
    const schoolId = staffSchool(auth);
    const row = await this.find(auth, id);
    await repo.deleteEvent(auth, this.db, id);
    this.events.publish('calendar.updated', { schoolId, classId: row.classId });
  }
}
