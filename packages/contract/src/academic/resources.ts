import { z } from 'zod';
import { abilitiesSchema, ddmmyyyySchema, hhmmaSchema, idSchema, requiredText } from '../common.js';

/*
 * The school's resources (issue 25): rooms, equipment and materials with quantities, and bookings of
 * them by the hour. A booking is refused when, at any moment of it, the other bookings already hold
 * more than the resource has. Holders of academic_setup.resource_management keep the catalogue; every
 * member of staff books (for their classes) and cancels their own bookings.
 */

export const RESOURCE_MESSAGES = {
  created: 'Resource added',
  saved: 'Resource saved',
  archived: 'Resource archived',
  restored: 'Resource restored',
  booked: 'Booked',
  cancelled: 'Booking cancelled',
  unavailable: 'Not enough of this resource is free at that time',
  notBookable: 'This resource is not booked: it is always available',
  quantityBelowBookings: 'Upcoming bookings use more than this quantity: cancel some first',
  endBeforeStart: 'The booking must end after it starts',
  inPast: 'A booking cannot start in the past',
  nameTaken: 'Another resource already has this name',
} as const;

export const SCHOOL_RESOURCE_KINDS = ['room', 'equipment', 'material'] as const;
export type SchoolResourceKind = (typeof SCHOOL_RESOURCE_KINDS)[number];

export const resourceSchema = z.object({
  _id: idSchema,
  name: z.string(),
  kind: z.enum(SCHOOL_RESOURCE_KINDS),
  /** Rooms: what the room is for ("Music room", "Gym"); the timetable matches subjects to it. */
  room_type: z.string().nullable(),
  /** Rooms: how many children it holds. */
  capacity: z.number().int().nullable(),
  quantity: z.number().int(),
  /** What one of it is ("sets", "boxes"). */
  unit: z.string().nullable(),
  location: z.string(),
  description: z.string(),
  bookable: z.boolean(),
  archived: z.boolean(),
  upcoming_bookings: z.number().int(),
  abilities: abilitiesSchema('edit', 'book'),
});
export type Resource = z.infer<typeof resourceSchema>;

export const schoolResourceQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  kind: z.enum(SCHOOL_RESOURCE_KINDS).optional(),
  include_archived: z.enum(['true', 'false']).optional(),
});

export const resourceRequestSchema = z.object({
  name: requiredText(120),
  kind: z.enum(SCHOOL_RESOURCE_KINDS),
  room_type: z.string().trim().max(80).nullable().optional(),
  capacity: z.number().int().min(1).max(2000).nullable().optional(),
  quantity: z.number().int().min(1).max(100000),
  unit: z.string().trim().max(40).nullable().optional(),
  location: z.string().trim().max(200).optional(),
  description: z.string().trim().max(2000).optional(),
  bookable: z.boolean().optional(),
});
export type ResourceRequest = z.infer<typeof resourceRequestSchema>;

export const resourceBookingSchema = z.object({
  _id: idSchema,
  resource: z.object({ _id: idSchema, name: z.string(), kind: z.enum(SCHOOL_RESOURCE_KINDS) }),
  date: ddmmyyyySchema,
  start: hhmmaSchema,
  end: hhmmaSchema,
  quantity: z.number().int(),
  class: z.object({ _id: idSchema, name: z.string() }).nullable(),
  purpose: z.string(),
  booked_by: z.object({ _id: idSchema, name: z.string() }),
  cancelled: z.boolean(),
  created_at: z.string(),
  abilities: abilitiesSchema('cancel'),
});
export type ResourceBooking = z.infer<typeof resourceBookingSchema>;

export const bookingQuerySchema = z.object({
  from: ddmmyyyySchema,
  to: ddmmyyyySchema.optional(),
  resource_id: idSchema.optional(),
  class_id: idSchema.optional(),
  include_cancelled: z.enum(['true', 'false']).optional(),
});

export const bookingRequestSchema = z.object({
  resource_id: idSchema,
  date: ddmmyyyySchema,
  start: hhmmaSchema,
  end: hhmmaSchema,
  quantity: z.number().int().min(1).max(100000).optional(),
  class_id: idSchema.nullable().optional(),
  purpose: z.string().trim().max(300).optional(),
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

export const availabilityQuerySchema = z.object({ date: ddmmyyyySchema, start: hhmmaSchema, end: hhmmaSchema });
export const availabilitySchema = z.object({
  resource_id: idSchema,
  quantity: z.number().int(),
  /** How many are free for the whole of that time. */
  available: z.number().int(),
  bookings: z.array(resourceBookingSchema),
});
