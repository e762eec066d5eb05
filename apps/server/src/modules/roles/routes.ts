import { ROUTES } from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

export function roleRoutes(route: Router, s: Services): void {
  route(ROUTES.roleList, async ({ auth }) => ({ result: await s.roles.list(auth) }));
  route(ROUTES.roleCreate, async ({ auth, body }) => ({
    result: await s.roles.create(auth, body),
    message: 'Role created',
  }));
  route(ROUTES.roleUpdate, async ({ auth, params, body }) => ({
    result: await s.roles.update(auth, params.id, body),
    message: 'Role updated',
  }));
  route(ROUTES.roleDelete, async ({ auth, params }) => {
    await s.roles.remove(auth, params.id);
    return { result: true, message: 'Role deleted' };
  });
}
