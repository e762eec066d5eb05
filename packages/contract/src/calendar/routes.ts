import { z } from 'zod';
import { byIdSchema, doneSchema, envelope, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import { calendarEventRequestSchema, calendarEventSchema, calendarQuerySchema } from './schemas.js';

/** The school's and each class's calendar: events and holidays. */
export const CALENDAR_ROUTES = routeTable({
  calendarList: {
    method: 'GET',
    path: '/api/calendar/',
    access: 'any',
    query: calendarQuerySchema,
    response: envelope(z.array(calendarEventSchema)),
  },
  calendarCreate: {
    method: 'POST',
    path: '/api/calendar/',
    access: 'staff',
    body: calendarEventRequestSchema,
    response: withMessage(calendarEventSchema),
  },
  calendarUpdate: {
    method: 'PUT',
    path: '/api/calendar/:id',
    access: 'staff',
    resource: 'event',
    params: byIdSchema,
    body: calendarEventRequestSchema,
    response: withMessage(calendarEventSchema),
  },
  calendarDelete: {
    method: 'DELETE',
    path: '/api/calendar/:id',
    access: 'staff',
    resource: 'event',
    params: byIdSchema,
    response: doneSchema,
  },
});
