import { REFRESH_RENEW_DAYS } from '@cue/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepSessionAlive } from './renewal';
import { endSession, getSession, setActiveSide, startSession, startTempSession, switchToParent, switchToStaff } from './session';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** An unsigned JWT-shaped token expiring `ms` from now (the client only reads `exp`). */
const jwt = (name: string, ms: number) =>
  `h.${Buffer.from(JSON.stringify({ sub: name, exp: Math.floor((Date.now() + ms) / 1000) })).toString('base64url')}.s`;

interface Call {
  path: string;
  bearer: string | undefined;
}

/** Answers the renewal calls like the server: a fresh token named after the refresh token presented. */
function fakeServer(status = 200) {
  const calls: Call[] = [];
  let n = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const bearer = (init.headers as Record<string, string>).authorization?.replace('Bearer ', '');
    calls.push({ path: url, bearer });
    if (status !== 200)
      return new Response(JSON.stringify({ message: 'Your session has ended.', code: 'INVALID_TOKEN' }), { status });
    n++;
    const result = url.includes('access_token_active')
      ? { access_token: jwt(`access-${n}`, 15 * MINUTE) }
      : { refresh_token: jwt(`refresh-${n}`, 30 * DAY) };
    return new Response(JSON.stringify({ result }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const pair = (name: string) => ({
  access_token: jwt(`${name}-access`, 15 * MINUTE),
  refresh_token: jwt(`${name}-refresh`, 30 * DAY),
});

let stop: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-01T09:00:00Z') });
});
afterEach(() => {
  stop();
  endSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('dual role', () => {
  it('keeps both token sets, starts on the staff side and switches sides', () => {
    const staff = pair('staff');
    const parent = pair('parent');
    startSession('both', { staff, parent });
    expect(getSession()).toMatchObject({
      role: 'both',
      activeSide: 'staff',
      accessToken: staff.access_token,
      staffToken: staff.access_token,
      staffRefreshToken: staff.refresh_token,
      parentToken: parent.access_token,
      parentRefreshToken: parent.refresh_token,
    });
    expect(switchToParent()).toBe(true);
    expect(getSession()).toMatchObject({
      activeSide: 'parent',
      accessToken: parent.access_token,
      refreshToken: parent.refresh_token,
    });
    expect(switchToStaff()).toBe(true);
    expect(getSession()).toMatchObject({
      activeSide: 'staff',
      accessToken: staff.access_token,
      refreshToken: staff.refresh_token,
    });
  });

  it('cannot switch a single-role session to a side it does not hold', () => {
    startSession('staff', { staff: pair('staff') });
    expect(setActiveSide('parent')).toBe(false);
    expect(getSession()?.activeSide).toBe('staff');
  });
});

describe('keepSessionAlive', () => {
  it('renews both access tokens of a dual-role session shortly before they expire', async () => {
    const calls = fakeServer();
    const staff = pair('staff');
    const parent = pair('parent');
    startSession('both', { staff, parent });
    const ended = vi.fn();
    stop = keepSessionAlive(ended);

    await vi.advanceTimersByTimeAsync(13 * MINUTE);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 * MINUTE + 1000);
    expect(calls.map((c) => [c.path, c.bearer]).sort()).toEqual(
      [
        ['/api/access_token_active/', staff.refresh_token],
        ['/api/access_token_active/', parent.refresh_token],
      ].sort(),
    );
    const session = getSession();
    expect(session?.staffToken).not.toBe(staff.access_token);
    expect(session?.parentToken).not.toBe(parent.access_token);
    expect(session?.accessToken).toBe(session?.staffToken);
    expect(ended).not.toHaveBeenCalled();

    // ...and again 14 minutes after that, with the new tokens.
    await vi.advanceTimersByTimeAsync(14 * MINUTE + 1000);
    expect(calls.filter((c) => c.path === '/api/access_token_active/')).toHaveLength(4);
  });

  it(`rotates each refresh token when ${REFRESH_RENEW_DAYS} days or fewer remain`, async () => {
    const calls = fakeServer();
    const staff = pair('staff');
    const parent = pair('parent');
    startSession('both', { staff, parent });
    stop = keepSessionAlive(vi.fn());
    await vi.advanceTimersByTimeAsync(24 * DAY);
    expect(calls.filter((c) => c.path === '/api/renew_refresh_token/')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 * DAY + MINUTE);
    const rotations = calls.filter((c) => c.path === '/api/renew_refresh_token/');
    expect(rotations.map((c) => c.bearer).sort()).toEqual([staff.refresh_token, parent.refresh_token].sort());
    expect(getSession()?.staffRefreshToken).not.toBe(staff.refresh_token);
    expect(getSession()?.parentRefreshToken).not.toBe(parent.refresh_token);
    // 25 simulated days fire thousands of access renewals: seconds of work on a busy two-core machine.
  }, 60_000);

  it('reports an ended session when the refresh token is refused', async () => {
    fakeServer(401);
    startSession('staff', { staff: pair('staff') });
    const ended = vi.fn();
    stop = keepSessionAlive(ended);
    await vi.advanceTimersByTimeAsync(14 * MINUTE + 1000);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended.mock.calls[0]?.[0]).toBe('expired');
  });

  it('tries again later, without ending the session, when the renewal gets no answer', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    startSession('staff', { staff: pair('staff') });
    const ended = vi.fn();
    stop = keepSessionAlive(ended);
    await vi.advanceTimersByTimeAsync(14 * MINUTE + 1000);
    // Three attempts with backoff, then a new try 30 s later.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(35_000);
    expect(fetch.mock.calls.length).toBeGreaterThan(3);
    expect(ended).not.toHaveBeenCalled();
    expect(getSession()).not.toBeNull();
  });

  it('ends a temporary token session when the token expires, and never tries to renew it', async () => {
    const calls = fakeServer();
    startTempSession(jwt('kiosk', 5 * MINUTE));
    expect(getSession()).toMatchObject({ role: 'staff', isTempToken: true, refreshToken: '' });
    const ended = vi.fn();
    stop = keepSessionAlive(ended);
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1000);
    expect(ended).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended.mock.calls[0]?.[0]).toBe('tempExpired');
    expect(calls).toEqual([]);
  });

  it('stops planning once signed out', async () => {
    const calls = fakeServer();
    startSession('staff', { staff: pair('staff') });
    stop = keepSessionAlive(vi.fn());
    endSession();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(calls).toEqual([]);
  });
});
