import { ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function classRoutes(route: Router, s: Services): void {
  route(ROUTES.staffClasses, async ({ auth }) => ({ result: await s.classes.staffClasses(auth) }));
  route(ROUTES.classDetail, async ({ auth, params }) => ({
    result: { my_class: await s.classes.detail(auth, params.id) },
  }));
  route(ROUTES.userSchoolsClasses, async ({ auth }) => ({ result: await s.classes.userSchoolsClasses(auth) }));
  route(ROUTES.fetchClassesUsers, async ({ auth }) => ({ result: await s.classes.classesUsers(auth) }));
  route(ROUTES.classList, async ({ auth }) => ({ result: await s.classes.list(auth) }));
  route(ROUTES.classCreate, async ({ auth, body }) => ({
    result: await s.classes.create(auth, body),
    message: 'Class created',
  }));
  route(ROUTES.classUpdate, async ({ auth, params, body }) => ({
    result: await s.classes.update(auth, params.id, body),
    message: 'Class updated',
  }));
  route(ROUTES.addStaffToClasses, async ({ auth, params, body }) => ({
    result: await s.classes.addStaffToClasses(auth, params.id, body),
    message: 'Staff added to classes',
  }));
}
