import { createHash } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../clock.js';

export type AccountKind = 'staff' | 'parent';

export interface AccessClaims {
  userId: string;
  kind: AccountKind;
  sessionId: string;
  schoolId: string | null;
  isTemp: boolean;
}

export interface RefreshClaims {
  userId: string;
  kind: AccountKind;
  sessionId: string;
  tokenId: string;
  expiresAt: Date;
}

export interface OtpClaims {
  phone: string;
  requestId: string;
}

export type VerifyFailure = 'invalid' | 'expired';
export type Verified<T> = { ok: true; claims: T } | { ok: false; reason: VerifyFailure };
/** A verified access token also tells when it expires (a socket may not outlive it). */
export type VerifiedAccess = { ok: true; claims: AccessClaims; expiresAtMs: number } | { ok: false; reason: VerifyFailure };

const ISSUER = 'cue';
const ALG = 'HS256';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/**
 * Signs and checks the three kinds of token: access, refresh and the one-time OTP token.
 * Access tokens are checked on every request: a token already verified is remembered with its claims
 * until it expires, so the hot path does not repeat the signature check.
 */
export class TokenService {
  private readonly verifiedAccess = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  private static readonly VERIFIED_CACHE_SIZE = 20_000;

  constructor(
    private readonly secret: Uint8Array,
    private readonly clock: Clock,
    private readonly accessTtlSeconds: number,
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private sign(payload: Record<string, unknown>, subject: string, ttlSeconds: number, jti?: string): Promise<string> {
    const now = this.nowSeconds();
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: ALG })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds);
    if (jti) jwt.setJti(jti);
    return jwt.sign(this.secret);
  }

  private async verify(token: string, typ: string): Promise<Verified<Record<string, unknown> & { sub: string }>> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        algorithms: [ALG],
        currentDate: this.clock.now(),
      });
      if (payload.typ !== typ || typeof payload.sub !== 'string') return { ok: false, reason: 'invalid' };
      return { ok: true, claims: payload as Record<string, unknown> & { sub: string } };
    } catch (err) {
      return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }

  signAccess(c: AccessClaims, ttlSeconds = this.accessTtlSeconds): Promise<string> {
    return this.sign(
      { typ: 'access', kind: c.kind, sid: c.sessionId, sch: c.schoolId, ...(c.isTemp ? { isTempToken: true } : {}) },
      c.userId,
      ttlSeconds,
    );
  }

  async verifyAccess(token: string): Promise<VerifiedAccess> {
    const known = this.verifiedAccess.get(token);
    if (known) {
      if (known.expiresAtMs > this.clock.now().getTime())
        return { ok: true, claims: known.claims, expiresAtMs: known.expiresAtMs };
      this.verifiedAccess.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const v = await this.verify(token, 'access');
    if (!v.ok) return v;
    const { sub, kind, sid, sch, isTempToken, exp } = v.claims;
    if ((kind !== 'staff' && kind !== 'parent') || typeof sid !== 'string') return { ok: false, reason: 'invalid' };
    const claims: AccessClaims = {
      userId: sub,
      kind,
      sessionId: sid,
      schoolId: typeof sch === 'string' ? sch : null,
      isTemp: isTempToken === true,
    };
    if (this.verifiedAccess.size >= TokenService.VERIFIED_CACHE_SIZE) {
      const oldest = this.verifiedAccess.keys().next().value;
      if (oldest !== undefined) this.verifiedAccess.delete(oldest);
    }
    const expiresAtMs = Number(exp) * 1000;
    this.verifiedAccess.set(token, { claims, expiresAtMs });
    return { ok: true, claims, expiresAtMs };
  }

  signRefresh(c: Omit<RefreshClaims, 'expiresAt'>, ttlSeconds: number): Promise<string> {
    return this.sign({ typ: 'refresh', kind: c.kind, sid: c.sessionId }, c.userId, ttlSeconds, c.tokenId);
  }

  async verifyRefresh(token: string): Promise<Verified<RefreshClaims>> {
    const v = await this.verify(token, 'refresh');
    if (!v.ok) return v;
    const { sub, kind, sid, jti, exp } = v.claims;
    if ((kind !== 'staff' && kind !== 'parent') || typeof sid !== 'string' || typeof jti !== 'string')
      return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { userId: sub, kind, sessionId: sid, tokenId: jti, expiresAt: new Date(Number(exp) * 1000) } };
  }

  signOtp(c: OtpClaims, ttlSeconds: number): Promise<string> {
    return this.sign({ typ: 'otp', rid: c.requestId }, c.phone, ttlSeconds);
  }

  async verifyOtp(token: string): Promise<Verified<OtpClaims>> {
    const v = await this.verify(token, 'otp');
    if (!v.ok) return v;
    const { sub, rid } = v.claims;
    if (typeof rid !== 'string') return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { phone: sub, requestId: rid } };
  }
}
