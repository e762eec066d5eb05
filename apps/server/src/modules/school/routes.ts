import { ROUTES } from '@cue/contract';
import { notFound } from '../../platform/errors.js';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';
import { readUpload } from '../../platform/http/upload.js';

export function schoolRoutes(route: Router, s: Services): void {
  route(ROUTES.schoolInfo, async ({ auth }) => ({ result: await s.school.info(auth) }));
  route(ROUTES.schoolUpdate, async ({ auth, body }) => ({
    result: await s.school.update(auth, body),
    message: 'School details saved',
  }));
  route(ROUTES.schoolLogo, async ({ auth, req }) => ({
    result: await s.school.setLogo(auth, await readUpload(req, ROUTES.schoolLogo.upload)),
    message: 'School logo updated',
  }));
  // The counts, with today's attendance over the classes that meet (from the attendance module).
  route(ROUTES.schoolDashboard, async ({ auth }) => ({ result: await s.dashboard.school(auth) }));

  route(ROUTES.divisionList, async ({ auth }) => ({ result: await s.school.divisions(auth) }));
  route(ROUTES.divisionCreate, async ({ auth, body }) => ({
    result: await s.school.createDivision(auth, body.name),
    message: 'Division created',
  }));
  route(ROUTES.divisionUpdate, async ({ auth, params, body }) => ({
    result: await s.school.renameDivision(auth, params.id, body.name),
    message: 'Division renamed',
  }));
  route(ROUTES.divisionDelete, async ({ auth, params }) => {
    await s.school.deleteDivision(auth, params.id);
    return { result: true, message: 'Division deleted' };
  });

  route(ROUTES.schoolPermissions, async ({ auth }) => ({ result: await s.school.permissionsMap(auth) }));
  route(ROUTES.schoolPermissionsUpdate, async ({ auth, body }) => ({
    result: await s.school.setPermissions(auth, body.permissions),
    message: 'School permissions saved',
  }));
  route(ROUTES.userPermissions, async ({ auth }) => ({ result: await s.school.userPermissions(auth) }));

  route(ROUTES.campuses, async ({ auth }) => ({ result: await s.school.campuses(auth) }));
  route(ROUTES.organizations, async ({ auth }) => ({ result: await s.school.organizations(auth) }));
  route(ROUTES.switchSchool, async ({ auth, body }) => {
    await s.school.assertMember(auth, body.school_id);
    const tokens = await s.sessions.start(auth.userId, 'staff', body.school_id);
    await s.sessions.end(auth);
    const user_details = await s.users.staffDetails(auth.userId, body.school_id);
    // A member of the school (checked above) always has details there.
    if (!user_details) throw notFound();
    return { result: { ...tokens, user_details }, message: 'School switched' };
  });

  route(ROUTES.usage, async ({ auth }) => ({ result: await s.school.usage(auth) }));
}
