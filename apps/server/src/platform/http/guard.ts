import { ERROR_CODES, MESSAGES, type RouteAccess } from '@cue/contract';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { AccessClaims, TokenService } from '../auth/tokens.js';
import { forbidden, unauthorized } from '../errors.js';

export type AuthContext = AccessClaims;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface SessionChecker {
  isActive(sessionId: string): Promise<boolean>;
}

export const bearerToken = (req: FastifyRequest): string | null => {
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

/** Builds the check each route runs before its handler, from the access its route table entry declares. */
export function createGuard(tokens: TokenService, sessions: SessionChecker) {
  return async function authenticate(req: FastifyRequest, access: RouteAccess): Promise<AuthContext | null> {
    if (access === 'public') return null;
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const verified = await tokens.verifyAccess(token);
    if (!verified.ok) {
      if (verified.reason === 'expired' && wasTempToken(token))
        throw unauthorized(MESSAGES.tempTokenExpired, ERROR_CODES.tempTokenExpired);
      throw unauthorized(MESSAGES.invalidToken, ERROR_CODES.invalidToken);
    }
    const claims = verified.claims;
    if (!(await sessions.isActive(claims.sessionId))) throw unauthorized(MESSAGES.invalidToken, ERROR_CODES.invalidToken);
    if (access !== 'any' && access !== claims.kind) throw forbidden();
    return claims;
  };
}
