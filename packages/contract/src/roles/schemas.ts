import { z } from 'zod';
import { abilitiesSchema, idSchema, requiredText } from '../common.js';
import { rolePermissionSchema } from '../permission-schemas.js';

// Roles
export const roleSchema = z.object({
  id: idSchema,
  name: z.string(),
  permissions: z.array(rolePermissionSchema),
  is_admin: z.boolean(),
  member_count: z.number().int(),
  /** Whether the caller may change the role or delete it (only a role they hold all of; delete: held by nobody). */
  abilities: abilitiesSchema('can_edit', 'can_delete'),
});
export type Role = z.infer<typeof roleSchema>;
export const roleRequestSchema = z.object({
  name: requiredText(60),
  permissions: z.array(rolePermissionSchema).default([]),
  is_admin: z.boolean().default(false),
});
export const roleUpdateRequestSchema = z.object({
  name: requiredText(60).optional(),
  permissions: z.array(rolePermissionSchema).optional(),
  is_admin: z.boolean().optional(),
});
