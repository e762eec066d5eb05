import { canManageCommunication, type RolePermission } from '@cue/contract';
import type { AccessClaims } from '../../platform/auth/tokens.js';

/** Edit and delete: the creator, or holders of daily_communication.access_others_announcement (spec section 6). */
export const canManage = (auth: AccessClaims, createdBy: string, held: ReadonlySet<RolePermission>): boolean =>
  canManageCommunication({ kind: auth.kind, userId: auth.userId }, createdBy, held);
