import { REFRESH_RENEW_DAYS, ROUTES } from '@cue/contract';
import { ApiError, send } from './http';
import { getSession, refreshTokenFor, reloadSession, type Side, tokenFor, updateTokens } from './session';

/** Renew the access token when less than this is left (spec section 4: 'about to expire'). */
const ACCESS_MARGIN_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Seconds-since-epoch `exp` of a JWT, read without verifying (the server verifies). */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

const expiresWithin = (token: string, ms: number, now = Date.now()): boolean => {
  const exp = tokenExpiry(token);
  return exp !== null && exp - now <= ms;
};

/**
 * Runs `task` holding a lock shared by this origin's tabs, so two tabs never renew (or rotate) the
 * same session at once: a rotated refresh token used twice ends the session on the server.
 */
async function exclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(name, task);
  return task();
}

const inFlight = new Map<string, Promise<string | null>>();

function once(key: string, task: () => Promise<string | null>): Promise<string | null> {
  const running = inFlight.get(key);
  if (running) return running;
  const promise = task().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
}

/**
 * A new access token for one side (GET /api/access_token_active/ with the refresh token), or null when
 * the session cannot be renewed. `stale` is the access token that was refused or is about to expire:
 * if another tab already replaced it, that token is used instead.
 */
export function renewAccess(side: Side, stale: string | null): Promise<string | null> {
  return once(`access:${side}`, () =>
    exclusive(`cue.renew.${side}`, async () => {
      const session = reloadSession();
      const current = tokenFor(session, side);
      if (current && current !== stale && !expiresWithin(current, ACCESS_MARGIN_MS)) return current;
      const refresh = refreshTokenFor(session, side);
      if (!refresh) return null;
      try {
        const answer = await send<{ result: { access_token: string } }>(ROUTES.accessTokenActive, refresh);
        updateTokens(side, { access: answer.result.access_token });
        return answer.result.access_token;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    }),
  );
}

/** Rotates a side's refresh token when REFRESH_RENEW_DAYS or fewer remain. Best effort. */
function renewRefreshIfDue(side: Side): void {
  const refresh = refreshTokenFor(getSession(), side);
  if (!refresh || !expiresWithin(refresh, REFRESH_RENEW_DAYS * DAY_MS)) return;
  void once(`refresh:${side}`, () =>
    exclusive(`cue.renew.${side}`, async () => {
      const latest = refreshTokenFor(reloadSession(), side);
      if (!latest || latest !== refresh) return latest; // another tab rotated it already
      const answer = await send<{ result: { refresh_token: string } }>(ROUTES.renewRefreshToken, latest);
      updateTokens(side, { refresh: answer.result.refresh_token });
      return answer.result.refresh_token;
    }),
  ).catch(() => undefined);
}

/** The side's access token, renewed first when it is about to expire. */
export async function freshAccessToken(side: Side): Promise<string | null> {
  const token = tokenFor(getSession(), side);
  if (!token) return null;
  renewRefreshIfDue(side);
  if (!expiresWithin(token, ACCESS_MARGIN_MS)) return token;
  return (await renewAccess(side, token).catch(() => null)) ?? token;
}
