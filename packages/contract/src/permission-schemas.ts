import { z } from 'zod';
import { ALL_ROLE_PERMISSIONS, type RolePermission, SCHOOL_PERMISSIONS, type SchoolPermission } from './permissions.js';

/*
 * The registry's names as zod enums, in a module of their own: the registry (permissions.ts) is read by
 * the shell at start-up, and these schemas (kept by the role and school settings forms) bring zod.
 */

export const rolePermissionSchema = z.enum(ALL_ROLE_PERMISSIONS as [RolePermission, ...RolePermission[]]);
export const schoolPermissionSchema = z.enum(SCHOOL_PERMISSIONS as unknown as [SchoolPermission, ...SchoolPermission[]]);
