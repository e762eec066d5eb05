import { DAY_SCHEDULE_MESSAGES, ROUTES } from '@cue/contract';
import { isoFromWire } from '../../platform/dates.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { presentClassDays } from './presenter.js';

/** The day schedule's routes (ACADEMIC_ROUTES: daySchedule*, classDays). */
export function scheduleRoutes(route: Router, s: Services): void {
  route(ROUTES.dayScheduleList, async ({ auth, query }) => ({
    result: await s.daySchedules.list(auth, { includeArchived: query.include_archived === 'true' }),
  }));
  route(ROUTES.dayScheduleCreate, async ({ auth, body }) => ({
    result: await s.daySchedules.create(auth, body),
    message: DAY_SCHEDULE_MESSAGES.created,
  }));
  route(ROUTES.dayScheduleGet, async ({ auth, params }) => ({ result: await s.daySchedules.get(auth, params.id) }));
  route(ROUTES.dayScheduleUpdate, async ({ auth, params, body }) => ({
    result: await s.daySchedules.update(auth, params.id, body),
    message: DAY_SCHEDULE_MESSAGES.saved,
  }));
  route(ROUTES.dayScheduleArchive, async ({ auth, params }) => ({
    result: await s.daySchedules.archive(auth, params.id),
    message: DAY_SCHEDULE_MESSAGES.archived,
  }));
  route(ROUTES.dayScheduleRestore, async ({ auth, params }) => ({
    result: await s.daySchedules.restore(auth, params.id),
    message: DAY_SCHEDULE_MESSAGES.restored,
  }));
  route(ROUTES.classDays, async ({ auth, params, query }) => {
    const from = isoFromWire(query.from, 'from');
    const to = query.to ? isoFromWire(query.to, 'to') : from;
    return { result: presentClassDays(await s.daySchedules.daysOf(auth, params.id, from, to)) };
  });
}
