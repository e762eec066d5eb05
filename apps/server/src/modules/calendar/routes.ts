import { ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function calendarRoutes(route: Router, s: Services): void {
  route(ROUTES.calendarList, async ({ auth, query }) => ({
    result: await s.calendar.list(auth, query),
  }));
  route(ROUTES.calendarCreate, async ({ auth, body }) => ({
    result: await s.calendar.create(auth, body),
    message: 'Event created',
  }));
  route(ROUTES.calendarUpdate, async ({ auth, params, body }) => ({
    result: await s.calendar.update(auth, params.id, body),
    message: 'Event updated',
  }));
  route(ROUTES.calendarDelete, async ({ auth, params }) => {
    await s.calendar.remove(auth, params.id);
    return { result: true, message: 'Event deleted' };
  });
}
