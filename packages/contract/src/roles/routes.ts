import { z } from 'zod';
import { byIdSchema, doneSchema, envelope, withMessage } from '../common.js';
import { routeTable } from '../route-def.js';
import { roleRequestSchema, roleSchema, roleUpdateRequestSchema } from './schemas.js';

/** A school's roles: sets of role permissions. */
export const ROLES_ROUTES = routeTable({
  roleList: {
    method: 'GET',
    path: '/api/roles/',
    access: 'staff',
    permission: 'admin_portal.permissions',
    response: envelope(z.array(roleSchema)),
  },
  roleCreate: {
    method: 'POST',
    path: '/api/roles/',
    access: 'staff',
    permission: 'admin_portal.permissions',
    body: roleRequestSchema,
    response: withMessage(roleSchema),
  },
  roleUpdate: {
    method: 'PUT',
    path: '/api/roles/:id',
    access: 'staff',
    permission: 'admin_portal.permissions',
    resource: 'role',
    params: byIdSchema,
    body: roleUpdateRequestSchema,
    response: withMessage(roleSchema),
  },
  roleDelete: {
    method: 'DELETE',
    path: '/api/roles/:id',
    access: 'staff',
    permission: 'admin_portal.permissions',
    resource: 'role',
    params: byIdSchema,
    response: doneSchema,
  },
});
