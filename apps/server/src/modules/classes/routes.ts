import { ROUTES } from '@cue/contract';
import { isoFromWire } from '../../platform/dates.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** The academic year's DD-MM-YYYY (or null to clear it) as ISO. */
const year = (value: string | null | undefined, field: string) =>
  value === undefined ? undefined : value ? isoFromWire(value, field) : null;

export function classRoutes(route: Router, s: Services): void {
  route(ROUTES.staffClasses, async ({ auth }) => ({ result: await s.classes.staffClasses(auth) }));
  route(ROUTES.classDetail, async ({ auth, params }) => ({
    result: { my_class: await s.classes.detail(auth, params.id) },
  }));
  route(ROUTES.userSchoolsClasses, async ({ auth }) => ({ result: await s.classes.userSchoolsClasses(auth) }));
  route(ROUTES.fetchClassesUsers, async ({ auth }) => ({ result: await s.classes.classesUsers(auth) }));
  route(ROUTES.classList, async ({ auth }) => ({ result: await s.classes.list(auth) }));
  route(ROUTES.classCreate, async ({ auth, body }) => ({
    result: await s.classes.create(auth, {
      ...body,
      academic_year_start: year(body.academic_year_start, 'academic_year_start'),
      academic_year_end: year(body.academic_year_end, 'academic_year_end'),
    }),
    message: 'Class created',
  }));
  route(ROUTES.classUpdate, async ({ auth, params, body }) => ({
    result: await s.classes.update(auth, params.id, {
      ...body,
      academic_year_start: year(body.academic_year_start, 'academic_year_start'),
      academic_year_end: year(body.academic_year_end, 'academic_year_end'),
    }),
    message: 'Class updated',
  }));
  route(ROUTES.addStaffToClasses, async ({ auth, params, body }) => ({
    result: await s.classes.addStaffToClasses(auth, params.id, body),
    message: 'Staff added to classes',
  }));
}
