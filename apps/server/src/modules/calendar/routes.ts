import { ROUTES } from '@cue/contract';
import { isoFromWire } from '../../platform/dates.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** An event's DD-MM-YYYY days as ISO, at the edge. */
const eventInput = <T extends { start_date: string; end_date: string }>({ start_date, end_date, ...rest }: T) => ({
  ...rest,
  start: isoFromWire(start_date, 'start_date'),
  end: isoFromWire(end_date, 'end_date'),
});

export function calendarRoutes(route: Router, s: Services): void {
  route(ROUTES.calendarList, async ({ auth, query }) => ({
    result: await s.calendar.list(auth, {
      from: isoFromWire(query.from, 'from'),
      to: isoFromWire(query.to, 'to'),
      class_id: query.class_id,
    }),
  }));
  route(ROUTES.calendarCreate, async ({ auth, body }) => ({
    result: await s.calendar.create(auth, eventInput(body)),
    message: 'Event created',
  }));
  route(ROUTES.calendarUpdate, async ({ auth, params, body }) => ({
    result: await s.calendar.update(auth, params.id, eventInput(body)),
    message: 'Event updated',
  }));
  route(ROUTES.calendarDelete, async ({ auth, params }) => {
    await s.calendar.remove(auth, params.id);
    return { result: true, message: 'Event deleted' };
  });
}
