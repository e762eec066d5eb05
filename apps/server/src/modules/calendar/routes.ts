import { calendarEventRequestSchema, calendarQuerySchema, idSchema, ROUTES } from '@cue/contract';
import { z } from 'zod';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

const byId = z.object({ id: idSchema });

export function calendarRoutes(route: Router, s: Services): void {
  route(ROUTES.calendarList, { querystring: calendarQuerySchema }, async ({ auth, query }) => ({
    result: await s.calendar.list(auth, query),
  }));
  route(ROUTES.calendarCreate, { body: calendarEventRequestSchema }, async ({ auth, body }) => ({
    result: await s.calendar.create(auth, body),
    message: 'Event created',
  }));
  route(ROUTES.calendarUpdate, { params: byId, body: calendarEventRequestSchema }, async ({ auth, params, body }) => ({
    result: await s.calendar.update(auth, params.id, body),
    message: 'Event updated',
  }));
  route(ROUTES.calendarDelete, { params: byId }, async ({ auth, params }) => {
    await s.calendar.remove(auth, params.id);
    return { result: true, message: 'Event deleted' };
  });
}
