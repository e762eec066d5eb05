import { ACCOUNT_MESSAGES, type AccessTokenInfo, ERROR_CODES, MESSAGES, TEMP_TOKEN_MAX_MINUTES } from '@cue/contract';
import type { Scope } from '../../platform/auth/scope.js';
import type { AccessClaims, AccountKind, TokenService } from '../../platform/auth/tokens.js';
import { hashToken } from '../../platform/auth/tokens.js';
import { TtlCache } from '../../platform/cache.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound, unauthorized } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { SessionChecker } from '../../platform/http/guard.js';
import { newId } from '../../platform/ids.js';
import type { RoleService } from '../roles/service.js';
import type { UserService } from '../users/service.js';
import { presentAccessToken } from './presenter.js';
import * as repo from './repo.js';

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
}

/** After a refresh token is rotated, the one it replaced still renews access tokens this long. */
export const ROTATION_GRACE_MS = 30_000;

/**
 * Signed-in sessions. Each sign-in of one kind of account (staff or parent) is a row holding the hash
 * of its current refresh token. Access tokens name their session, and the guard asks `isActive`,
 * which answers from memory for a few seconds so that the hot path needs no database round trip.
 * Refresh tokens rotate; presenting a replaced one again ends the whole session (reuse detection).
 * Every ending is announced on the event bus (`session.ended`), so the sockets of the session close too.
 *
 * A temporary token's session derives nothing: no refresh token, no other session (the route table
 * refuses temporary tokens on every route that mints tokens), so revoking it ends all it can do.
 */
export class SessionService implements SessionChecker {
  private readonly active = new TtlCache<boolean>(15_000, 50_000);

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly tokens: TokenService,
    private readonly users: UserService,
    private readonly events: EventBus,
    private readonly privilege: Pick<RoleService, 'assertCanChange'>,
  ) {}

  /** Marks sessions ended in this process at once and tells the realtime layer to close their sockets. */
  private ended(sessionIds: string[]): void {
    if (sessionIds.length === 0) return;
    for (const id of sessionIds) this.active.set(id, false);
    this.events.publish('session.ended', { sessionIds });
  }

  private refreshTtlSeconds(): number {
    return this.config.REFRESH_TOKEN_TTL_DAYS * 86_400;
  }

  async start(userId: string, kind: AccountKind, schoolId: string | null): Promise<IssuedTokens> {
    const sessionId = newId();
    const ttl = this.refreshTtlSeconds();
    const refresh = await this.tokens.signRefresh({ userId, kind, sessionId, tokenId: newId() }, ttl);
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
    this.ended([auth.sessionId]);
  }

  /** Ends a person's staff sessions in one school (removed from its staff). */
  async endSchool(userId: string, schoolId: string): Promise<void> {
    this.ended(await repo.revokeUserSessions(this.db, userId, this.clock.now(), schoolId));
  }

  /** Ends every session of a person (account deletion). */
  async endAll(userId: string): Promise<void> {
    this.ended(await repo.revokeUserSessions(this.db, userId, this.clock.now()));
  }

  private async revokeForReuse(sessionId: string): Promise<never> {
    await repo.revokeSession(this.db, sessionId, this.clock.now());
    this.ended([sessionId]);
    throw new AppError(401, ACCOUNT_MESSAGES.refreshReused, ERROR_CODES.refreshTokenReused);
  }

  /** Checks a refresh token and its session; `allowPrevious` accepts the just-replaced token. */
  private async checkRefresh(token: string, allowPrevious: boolean) {
    const invalid = () => unauthorized(ACCOUNT_MESSAGES.refreshInvalid, ERROR_CODES.invalidToken);
    const verified = await this.tokens.verifyRefresh(token);
    if (!verified.ok) throw invalid();
    const session = await repo.findSession(this.db, verified.claims.sessionId);
    const now = this.clock.now();
    if (!session || session.revokedAt || session.isTemp || session.expiresAt <= now || session.userId !== verified.claims.userId)
      throw invalid();
    const hash = hashToken(token);
    if (hash === session.tokenHash) return { session, hash };
    const inGrace =
      allowPrevious &&
      hash === session.previousTokenHash &&
      session.rotatedAt !== null &&
      now.getTime() - session.rotatedAt.getTime() <= ROTATION_GRACE_MS;
    if (inGrace) return { session, hash };
    return this.revokeForReuse(session.id);
  }

  /** GET /api/access_token_active/: a new access token for a valid refresh token. */
  async renewAccess(refreshToken: string): Promise<string> {
    const { session } = await this.checkRefresh(refreshToken, true);
    const kind = session.kind === 'parent' ? 'parent' : 'staff';
    return this.tokens.signAccess({
      userId: session.userId,
      kind,
      sessionId: session.id,
      schoolId: session.schoolId,
      isTemp: false,
    });
  }

  /** GET /api/renew_refresh_token/: rotates the refresh token; the old one is spent. */
  async rotateRefresh(refreshToken: string): Promise<string> {
    const { session, hash } = await this.checkRefresh(refreshToken, false);
    const ttl = this.refreshTtlSeconds();
    const kind = session.kind === 'parent' ? 'parent' : 'staff';
    const next = await this.tokens.signRefresh({ userId: session.userId, kind, sessionId: session.id, tokenId: newId() }, ttl);
    const now = this.clock.now();
    const moved = await repo.rotateSessionToken(
      this.db,
      session.id,
      hash,
      hashToken(next),
      now,
      new Date(now.getTime() + ttl * 1000),
    );
    if (!moved) return this.revokeForReuse(session.id);
    return next;
  }

  /** A temporary access token for a support or kiosk session, signed in as a staff member of the school. */
  async issueTemp(
    issuer: Scope,
    input: { label: string; userId?: string; expiresInMinutes: number },
  ): Promise<AccessTokenInfo & { token: string }> {
    const schoolId = issuer.schoolId;
    if (!schoolId) throw unauthorized();
    // The route table refuses temporary tokens here already; the rule holds for every caller.
    if (issuer.isTemp) throw new AppError(403, MESSAGES.tempTokenNotAllowed, ERROR_CODES.tempTokenNotAllowed);
    if (input.expiresInMinutes > TEMP_TOKEN_MAX_MINUTES)
      throw badRequest(ACCOUNT_MESSAGES.tempTokenTooLong, undefined, 'expires_in_minutes');
    const userId = input.userId ?? issuer.userId;
    // A token acts as its person: nobody mints one for someone who holds more than they do.
    await this.privilege.assertCanChange(issuer, { userId });
    if (!(await this.users.isStaffOfSchool(userId, schoolId)))
      throw badRequest('user_id is not staff of this school', undefined, 'user_id');
    const sessionId = newId();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + input.expiresInMinutes * 60_000);
    await repo.insertSession(this.db, {
      id: sessionId,
      userId,
      kind: 'staff',
      schoolId,
      tokenHash: '',
      isTemp: true,
      label: input.label,
      createdBy: issuer.userId,
      expiresAt,
    });
    const token = await this.tokens.signAccess(
      { userId, kind: 'staff', sessionId, schoolId, isTemp: true },
      input.expiresInMinutes * 60,
    );
    const [info] = (await this.listTemp(schoolId)).filter((t) => t.id === sessionId);
    if (!info) throw new Error('temporary token not found after insert');
    return { ...info, token };
  }

  /** Which of these people have ever signed in (an invitation to sign in is sent again only to the others). */
  signedInUsers(userIds: string[]): Promise<Set<string>> {
    return repo.usersWhoSignedIn(this.db, userIds);
  }

  async listTemp(schoolId: string): Promise<AccessTokenInfo[]> {
    const rows = await repo.listTempSessions(this.db, schoolId, this.clock.now());
    return rows.map(presentAccessToken);
  }

  async revokeTemp(schoolId: string, id: string): Promise<void> {
    if (!(await repo.revokeTempSession(this.db, id, schoolId, this.clock.now()))) throw notFound();
    this.ended([id]);
  }
}
