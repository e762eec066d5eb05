import {
  type availabilityQuerySchema,
  type BookingRequest,
  type bookingQuerySchema,
  daysBetween,
  ERROR_CODES,
  RESOURCE_MANAGER,
  RESOURCE_MESSAGES,
  type Resource,
  type ResourceBooking,
  type ResourceRequest,
  type schoolResourceQuerySchema,
} from '@cue/contract';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit.js';
import { requireAccess, type Scope, staffSchool } from '../../platform/auth/scope.js';
import type { Clock } from '../../platform/clock.js';
import { isoFromWire, minuteFromWire } from '../../platform/dates.js';
import type { Db, Queryable } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { wallClock } from '../../platform/zoned.js';
import type { ClassService } from '../classes/service.js';
import type { SchoolService } from '../school/service.js';
import { peakByDay, peakIn } from './capacity.js';
import { type BookingOf, presentBooking, presentBookingOf, presentResource, presentRoom, type RoomOf } from './presenter.js';
import * as repo from './repo.js';

/** The longest range of bookings one call lists. */
export const MAX_BOOKING_DAYS = 62;

const unavailable = () => badRequest(RESOURCE_MESSAGES.unavailable, ERROR_CODES.resourceUnavailable, 'quantity');
const notBookable = () => badRequest(RESOURCE_MESSAGES.notBookable, ERROR_CODES.validation, 'resource_id');

/**
 * The school's resources (issue 25): rooms, equipment and materials with quantities, and their
 * bookings by the hour (refused when not enough is free). Every change is audited (platform/audit.ts).
 */
export class ResourceService {
  constructor(
    readonly db: Db,
    readonly clock: Clock,
    readonly classes: ClassService,
    readonly school: SchoolService,
  ) {}

  /** "Now" on the school's clock. */
  private async now(scope: Scope): Promise<repo.SchoolNow> {
    const { day, minute } = wallClock(this.clock.now(), await this.school.timeZone(scope));
    return { day, minute };
  }

  private async manages(scope: Scope): Promise<boolean> {
    return (await scope.rolePermissions()).has(RESOURCE_MANAGER);
  }

  // ---------------------------------------------------------------- catalogue

  async list(scope: Scope, query: z.infer<typeof schoolResourceQuerySchema>): Promise<Resource[]> {
    staffSchool(scope);
    const [rows, manages] = await Promise.all([
      repo.listResources(scope, this.db, {
        q: query.q || undefined,
        kind: query.kind,
        includeArchived: query.include_archived === 'true',
        now: await this.now(scope),
      }),
      this.manages(scope),
    ]);
    return rows.map((r) => presentResource(r, manages));
  }

  async get(scope: Scope, id: string): Promise<Resource> {
    return presentResource(await this.row(scope, id), await this.manages(scope));
  }

  /** A resource of the school (archived ones too); `now` is read before a transaction opens (one connection may hold it). */
  private async row(scope: Scope, id: string, q: Queryable = this.db, now?: repo.SchoolNow) {
    staffSchool(scope);
    const [row] = await repo.listResources(scope, q, { ids: [id], now: now ?? (await this.now(scope)) });
    if (!row) throw notFound();
    return row;
  }

  /** The request's columns: a room's type and capacity only for rooms. */
  private values(body: ResourceRequest) {
    const room = body.kind === 'room';
    return {
      name: body.name,
      kind: body.kind,
      roomType: room ? body.room_type || null : null,
      capacity: room ? (body.capacity ?? null) : null,
      quantity: body.quantity,
      unit: body.unit || null,
      location: body.location ?? '',
      description: body.description ?? '',
      bookable: body.bookable ?? true,
    };
  }

  async create(scope: Scope, body: ResourceRequest): Promise<Resource> {
    staffSchool(scope);
    const v = this.values(body);
    const id = newId();
    const now = await this.now(scope);
    await this.db.transaction(async (tx) => {
      if (await repo.liveNamed(scope, tx, v.name)) throw badRequest(RESOURCE_MESSAGES.nameTaken, ERROR_CODES.validation, 'name');
      await repo.insertResource(scope, tx, { id, ...v, updatedAt: this.clock.now() });
      const after = await this.row(scope, id, tx, now);
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'resource',
        entityId: id,
        label: v.name,
        after: presentResource(after, true),
      });
    });
    return this.get(scope, id);
  }

  async update(scope: Scope, id: string, body: ResourceRequest): Promise<Resource> {
    const v = this.values(body);
    const now = await this.now(scope);
    await this.db.transaction(async (tx) => {
      // Bookings of the resource wait while its quantity changes (and the other way round).
      if (!(await repo.lockResource(scope, tx, id))) throw notFound();
      const before = await this.row(scope, id, tx, now);
      if (!before.archivedAt && (await repo.liveNamed(scope, tx, v.name, id)))
        throw badRequest(RESOURCE_MESSAGES.nameTaken, ERROR_CODES.validation, 'name');
      if (v.quantity < before.quantity) {
        const held = peakByDay(await repo.upcomingOf(scope, tx, id, now));
        if (held > v.quantity)
          throw badRequest(RESOURCE_MESSAGES.quantityBelowBookings, ERROR_CODES.quantityBelowBookings, 'quantity');
      }
      await repo.updateResource(scope, tx, id, { ...v, updatedAt: this.clock.now() });
      const after = await this.row(scope, id, tx, now);
      await recordAudit(scope, tx, {
        action: 'update',
        entityType: 'resource',
        entityId: id,
        label: v.name,
        before: presentResource(before, true),
        after: presentResource(after, true),
      });
    });
    return this.get(scope, id);
  }

  async archive(scope: Scope, id: string): Promise<Resource> {
    return this.setArchived(scope, id, true);
  }

  /** Brings an archived resource back, unless a live one has taken its name meanwhile. */
  async restore(scope: Scope, id: string): Promise<Resource> {
    return this.setArchived(scope, id, false);
  }

  private async setArchived(scope: Scope, id: string, archived: boolean): Promise<Resource> {
    const at = await this.now(scope);
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockResource(scope, tx, id))) throw notFound();
      const before = await this.row(scope, id, tx, at);
      if (!!before.archivedAt === archived) return;
      if (!archived && (await repo.liveNamed(scope, tx, before.name, id)))
        throw badRequest(RESOURCE_MESSAGES.nameTaken, ERROR_CODES.validation, 'name');
      const now = this.clock.now();
      await repo.updateResource(scope, tx, id, { archivedAt: archived ? now : null, updatedAt: now });
      await recordAudit(scope, tx, {
        action: archived ? 'archive' : 'restore',
        entityType: 'resource',
        entityId: id,
        label: before.name,
        before: { archived: !!before.archivedAt },
        after: { archived },
      });
    });
    return this.get(scope, id);
  }

  /** How many are free for the whole of a time on a day, and the bookings that overlap it. */
  async availability(scope: Scope, id: string, query: z.infer<typeof availabilityQuerySchema>) {
    const resource = await this.row(scope, id);
    const date = isoFromWire(query.date, 'date');
    const start = minuteFromWire(query.start, 'start');
    const end = minuteFromWire(query.end, 'end');
    if (end <= start) throw badRequest(RESOURCE_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'end');
    const [rows, manages] = await Promise.all([
      repo.listBookings(scope, this.db, { resourceId: id, date, overlapping: { start, end } }),
      this.manages(scope),
    ]);
    const free = resource.archivedAt ? 0 : resource.bookable ? resource.quantity - peakIn(rows, start, end) : resource.quantity;
    return {
      resource_id: id,
      quantity: resource.quantity,
      available: Math.max(0, free),
      bookings: rows.map((r) => presentBooking(r, { userId: scope.userId, manages })),
    };
  }

  // ---------------------------------------------------------------- bookings

  async listBookings(scope: Scope, query: z.infer<typeof bookingQuerySchema>): Promise<ResourceBooking[]> {
    staffSchool(scope);
    const from = isoFromWire(query.from, 'from');
    const to = query.to ? isoFromWire(query.to, 'to') : from;
    checkRange(from, to);
    const [rows, manages] = await Promise.all([
      repo.listBookings(scope, this.db, {
        from,
        to,
        resourceId: query.resource_id,
        classId: query.class_id,
        includeCancelled: query.include_cancelled === 'true',
      }),
      this.manages(scope),
    ]);
    return rows.map((r) => presentBooking(r, { userId: scope.userId, manages }));
  }

  private async bookingOut(scope: Scope, id: string): Promise<ResourceBooking> {
    const [row] = await repo.listBookings(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    return presentBooking(row, { userId: scope.userId, manages: await this.manages(scope) });
  }

  /**
   * Books a resource for a time on a day of the school's clock. Refused when, at any minute of it, the
   * bookings already held plus this one would exceed what the resource has: checked and written under
   * the resource's row lock, so two bookings that each fit alone cannot both pass.
   */
  async book(scope: Scope, body: BookingRequest): Promise<ResourceBooking> {
    staffSchool(scope);
    const date = isoFromWire(body.date, 'date');
    const start = minuteFromWire(body.start, 'start');
    const end = minuteFromWire(body.end, 'end');
    if (end <= start) throw badRequest(RESOURCE_MESSAGES.endBeforeStart, ERROR_CODES.validation, 'end');
    const now = await this.now(scope);
    if (date < now.day || (date === now.day && start < now.minute))
      throw badRequest(RESOURCE_MESSAGES.inPast, ERROR_CODES.validation, 'start');
    // A class the booker reaches (their own; any for holders of admin_portal.classes).
    if (body.class_id) await requireAccess(scope, 'class', [body.class_id]);
    const quantity = body.quantity ?? 1;
    const id = newId();
    await this.db.transaction(async (tx) => {
      const resource = await repo.lockResource(scope, tx, body.resource_id);
      if (!resource) throw notFound();
      if (resource.archivedAt || !resource.bookable) throw notBookable();
      const held = peakIn(await repo.overlapping(scope, tx, resource.id, date, start, end), start, end);
      if (held + quantity > resource.quantity) throw unavailable();
      await repo.insertBooking(scope, tx, {
        id,
        resourceId: resource.id,
        date,
        startMinute: start,
        endMinute: end,
        quantity,
        classId: body.class_id ?? null,
        purpose: body.purpose ?? '',
        bookedBy: scope.userId,
      });
      const [row] = await repo.listBookings(scope, tx, { ids: [id] });
      await recordAudit(scope, tx, {
        action: 'create',
        entityType: 'resource_booking',
        entityId: id,
        label: `${resource.name} ${body.date} ${body.start}–${body.end}`,
        after: row ? presentBooking(row, { userId: scope.userId, manages: true }) : null,
      });
    });
    return this.bookingOut(scope, id);
  }

  /** Cancels a booking: its booker's own, or any for the resources' managers. */
  async cancel(scope: Scope, id: string): Promise<ResourceBooking> {
    staffSchool(scope);
    const [row] = await repo.listBookings(scope, this.db, { ids: [id] });
    if (!row) throw notFound();
    await requireAccess(scope, 'creator', [row.bookedBy], { orPermission: RESOURCE_MANAGER });
    const already = () => badRequest('This booking is already cancelled', ERROR_CODES.validation);
    if (row.cancelledAt) throw already();
    await this.db.transaction(async (tx) => {
      if (!(await repo.cancelBooking(scope, tx, id, scope.userId, this.clock.now()))) throw already();
      const before = presentBooking(row, { userId: scope.userId, manages: true });
      await recordAudit(scope, tx, {
        action: 'cancel',
        entityType: 'resource_booking',
        entityId: id,
        label: `${row.resourceName} ${before.date} ${before.start}–${before.end}`,
        before: { cancelled: false },
        after: { cancelled: true },
      });
    });
    return this.bookingOut(scope, id);
  }

  // ---------------------------------------------------------------- for planning and the timetable

  /**
   * The bookings (not cancelled) from `from` to `to` (ISO, at most 62 days) of a class the caller
   * reaches, of a resource, or of the whole school, by day and start; days ISO, times 'HH:MM'.
   */
  async bookingsOf(
    scope: Scope,
    filter: { classId?: string; resourceId?: string; from: string; to: string },
  ): Promise<BookingOf[]> {
    staffSchool(scope);
    checkRange(filter.from, filter.to);
    if (filter.classId) await requireAccess(scope, 'class', [filter.classId]);
    if (filter.resourceId) await this.row(scope, filter.resourceId);
    const rows = await repo.listBookings(scope, this.db, {
      from: filter.from,
      to: filter.to,
      classId: filter.classId,
      resourceId: filter.resourceId,
    });
    return rows.map(presentBookingOf);
  }

  /** The school's live rooms, by name, with what they are for and how many children they hold. */
  async rooms(scope: Scope): Promise<RoomOf[]> {
    staffSchool(scope);
    const rows = await repo.listResources(scope, this.db, { kind: 'room', now: await this.now(scope) });
    return rows.map(presentRoom);
  }
}

function checkRange(from: string, to: string): void {
  if (to < from) throw badRequest('to must not come before from', ERROR_CODES.validation, 'to');
  if (daysBetween(from, to) + 1 > MAX_BOOKING_DAYS)
    throw badRequest(`At most ${MAX_BOOKING_DAYS} days at a time`, ERROR_CODES.validation, 'to');
}
