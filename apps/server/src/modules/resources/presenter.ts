import { ddmmyyyyFromIso, type Resource, type ResourceBooking, type SchoolResourceKind } from '@cue/contract';
import { hhmmOfMinute, wireOfMinute } from '../../platform/dates.js';
import type { BookingListed, ResourceListed } from './repo.js';

export function presentResource(row: ResourceListed, manages: boolean): Resource {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind as SchoolResourceKind,
    room_type: row.roomType,
    capacity: row.capacity,
    quantity: row.quantity,
    unit: row.unit,
    location: row.location,
    description: row.description,
    bookable: row.bookable,
    archived: !!row.archivedAt,
    upcoming_bookings: row.upcomingBookings,
    abilities: { edit: manages, book: row.bookable && !row.archivedAt },
  };
}

export function presentBooking(row: BookingListed, viewer: { userId: string; manages: boolean }): ResourceBooking {
  return {
    _id: row.id,
    resource: { _id: row.resourceId, name: row.resourceName, kind: row.resourceKind as SchoolResourceKind },
    date: ddmmyyyyFromIso(row.date),
    start: wireOfMinute(row.startMinute),
    end: wireOfMinute(row.endMinute),
    quantity: row.quantity,
    class: row.classId ? { _id: row.classId, name: row.className ?? '' } : null,
    purpose: row.purpose,
    booked_by: { _id: row.bookedBy, name: row.bookerName },
    cancelled: !!row.cancelledAt,
    created_at: row.createdAt.toISOString(),
    // The booker cancels their own booking; the resources' managers any.
    abilities: { cancel: !row.cancelledAt && (row.bookedBy === viewer.userId || viewer.manages) },
  };
}

/** A booking as planning and the timetable read it: ISO day, 'HH:MM' times. */
export interface BookingOf {
  id: string;
  resource: { id: string; name: string; kind: SchoolResourceKind };
  date: string;
  start: string;
  end: string;
  quantity: number;
  class: { id: string; name: string } | null;
  purpose: string;
  booked_by: { id: string; name: string };
}

export const presentBookingOf = (row: BookingListed): BookingOf => ({
  id: row.id,
  resource: { id: row.resourceId, name: row.resourceName, kind: row.resourceKind as SchoolResourceKind },
  date: row.date,
  start: hhmmOfMinute(row.startMinute),
  end: hhmmOfMinute(row.endMinute),
  quantity: row.quantity,
  class: row.classId ? { id: row.classId, name: row.className ?? '' } : null,
  purpose: row.purpose,
  booked_by: { id: row.bookedBy, name: row.bookerName },
});

/** A live room for the timetable: what it is for and how many children it holds. */
export interface RoomOf {
  id: string;
  name: string;
  room_type: string | null;
  capacity: number | null;
  location: string;
}

export const presentRoom = (row: ResourceListed): RoomOf => ({
  id: row.id,
  name: row.name,
  room_type: row.roomType,
  capacity: row.capacity,
  location: row.location,
});
