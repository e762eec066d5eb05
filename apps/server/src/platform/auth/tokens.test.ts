import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.js';

const clockAt = (ms: number) => ({ now: () => new Date(ms) });

describe('TokenService', () => {
  const secret = randomBytes(32);
  const claims = {
    userId: 'a'.repeat(24),
    kind: 'staff' as const,
    sessionId: 'b'.repeat(24),
    schoolId: 'c'.repeat(24),
    isTemp: false,
  };

  it('round-trips access claims and rejects other token types', async () => {
    const now = Date.now();
    const tokens = new TokenService(secret, clockAt(now), 900);
    const access = await tokens.signAccess(claims);
    const expiresAtMs = (Math.floor(now / 1000) + 900) * 1000;
    expect(await tokens.verifyAccess(access)).toEqual({ ok: true, claims, expiresAtMs });
    // Remembered tokens answer the same.
    expect(await tokens.verifyAccess(access)).toEqual({ ok: true, claims, expiresAtMs });
    expect((await tokens.verifyRefresh(access)).ok).toBe(false);
    expect((await tokens.verifyOtp(access)).ok).toBe(false);
  });

  it('reports expiry separately from forgery', async () => {
    const start = Date.now();
    const signer = new TokenService(secret, clockAt(start), 60);
    const access = await signer.signAccess(claims);
    expect(await new TokenService(secret, clockAt(start + 61_000), 60).verifyAccess(access)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(await new TokenService(randomBytes(32), clockAt(start), 60).verifyAccess(access)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('marks temporary tokens', async () => {
    const tokens = new TokenService(secret, clockAt(Date.now()), 900);
    const temp = await tokens.signAccess({ ...claims, isTemp: true });
    const payload = JSON.parse(Buffer.from(temp.split('.')[1] ?? '', 'base64url').toString());
    expect(payload.isTempToken).toBe(true);
  });
});
