import { can, ERROR_CODES, MESSAGES, type RolePermission, type RouteDef, type SchoolPermission } from '@cue/contract';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Scope, ScopeFactory } from '../auth/scope.js';
import type { TokenService } from '../auth/tokens.js';
import { AppError, forbidden, unauthorized } from '../errors.js';

/** The caller of a route: the request's scope (see platform/auth/scope.ts). */
export type AuthContext = Scope;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface SessionChecker {
  isActive(sessionId: string): Promise<boolean>;
}

export interface PermissionChecker {
  /** Role permissions the staff member holds in the school. */
  rolePermissions(userId: string, schoolId: string): Promise<ReadonlySet<RolePermission>>;
  /** School permissions (features) switched on for the school. */
  schoolPermissions(schoolId: string): Promise<ReadonlySet<SchoolPermission>>;
}

export const bearerToken = (req: Pick<FastifyRequest, 'headers'>): string | null => {
  const header = req.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
};

const wasTempToken = (token: string): boolean => {
  try {
    return decodeJwt(token).isTempToken === true;
  } catch {
    return false;
  }
};

/**
 * Builds the check each route runs before its handler, from what its route table entry declares:
 * who may call it, whether a temporary token may (`allowTemp`), and which role permission it needs.
 */
export function createGuard(tokens: TokenService, sessions: SessionChecker, scopes: ScopeFactory) {
  return async function authenticate(req: FastifyRequest, def: RouteDef): Promise<AuthContext | null> {
    const access = def.access;
    if (access === 'public') return null;
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    // Refresh-token routes verify their token in the session service.
    if (access === 'refresh') return null;
    const verified = await tokens.verifyAccess(token);
    if (!verified.ok) {
      if (verified.reason === 'expired' && wasTempToken(token))
        throw unauthorized(MESSAGES.tempTokenExpired, ERROR_CODES.tempTokenExpired);
      throw unauthorized(MESSAGES.invalidToken, ERROR_CODES.invalidToken);
    }
    const claims = scopes.create(verified.claims);
    if (!(await sessions.isActive(claims.sessionId))) throw unauthorized(MESSAGES.invalidToken, ERROR_CODES.invalidToken);
    if (access !== 'any' && access !== claims.kind) throw forbidden();
    // A temporary token acts as its person in its school for its lifetime, nothing more: it may not
    // mint or extend tokens, leave its school, or end the account.
    if (claims.isTemp && def.allowTemp === false)
      throw new AppError(403, MESSAGES.tempTokenNotAllowed, ERROR_CODES.tempTokenNotAllowed);
    // A family has no school of its own: the feature of a route open to families is that of the school
    // of the object it reaches, which the service checks (ScopeFactory.featuresOf).
    const familyFeature = claims.kind === 'parent' && !def.permission;
    if ((def.permission || def.feature) && !familyFeature) {
      if (claims.kind !== 'staff' || !claims.schoolId) throw forbidden();
      const [rolePermissions, schoolPermissions] = await Promise.all([claims.rolePermissions(), claims.schoolPermissions()]);
      if (!can(def, { rolePermissions, schoolPermissions })) throw forbidden();
    }
    return claims;
  };
}
