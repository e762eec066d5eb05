import type { AccessClaims, AccountKind, TokenService } from '../../platform/auth/tokens.js';
import { hashToken } from '../../platform/auth/tokens.js';
import { TtlCache } from '../../platform/cache.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import type { SessionChecker } from '../../platform/http/guard.js';
import { newId } from '../../platform/ids.js';
import * as repo from './repo.js';

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * Signed-in sessions. Each sign-in of one kind of account (staff or parent) is a row holding the hash
 * of its current refresh token. Access tokens name their session, and the guard asks `isActive`,
 * which answers from memory for a few seconds so that the hot path needs no database round trip.
 */
export class SessionService implements SessionChecker {
  private readonly active = new TtlCache<boolean>(15_000, 50_000);

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly tokens: TokenService,
  ) {}

  async start(userId: string, kind: AccountKind, schoolId: string | null): Promise<IssuedTokens> {
    const sessionId = newId();
    const tokenId = newId();
    const ttl = this.config.REFRESH_TOKEN_TTL_DAYS * 86_400;
    const refresh = await this.tokens.signRefresh({ userId, kind, sessionId, tokenId }, ttl);
    await repo.insertSession(this.db, {
      id: sessionId,
      userId,
      kind,
      schoolId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date(this.clock.now().getTime() + ttl * 1000),
    });
    const access = await this.tokens.signAccess({ userId, kind, sessionId, schoolId, isTemp: false });
    this.active.set(sessionId, true);
    return { access_token: access, refresh_token: refresh };
  }

  async isActive(sessionId: string): Promise<boolean> {
    const cached = this.active.get(sessionId);
    if (cached !== undefined) return cached;
    const session = await repo.findSession(this.db, sessionId);
    const active = !!session && !session.revokedAt && session.expiresAt > this.clock.now();
    this.active.set(sessionId, active);
    return active;
  }

  async end(auth: AccessClaims): Promise<void> {
    await repo.revokeSession(this.db, auth.sessionId, this.clock.now());
    this.active.set(auth.sessionId, false);
  }
}
