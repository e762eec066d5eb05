import { REFRESH_RENEW_DAYS, ROUTES } from '@cue/contract';
import { ApiError, send } from './http';
import {
  getSession,
  onSessionChange,
  refreshTokenFor,
  reloadSession,
  type Session,
  type Side,
  sidesOf,
  tokenFor,
  updateTokens,
} from './session';

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
        const answer = await send(ROUTES.accessTokenActive, refresh);
        updateTokens(side, { access: answer.result.access_token });
        return answer.result.access_token;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    }),
  );
}

/**
 * Rotates a side's refresh token (GET /api/renew_refresh_token/ with the refresh token) when
 * REFRESH_RENEW_DAYS or fewer remain. Resolves to the refresh token in force afterwards, or null when
 * the server refused it (the session has ended). Not retried on a network failure: rotation spends the
 * old token, so a repeat after a lost answer would look like reuse and end the session; the next
 * call or timer tries again instead.
 */
export function renewRefreshIfDue(side: Side, now = Date.now()): Promise<string | null> {
  const refresh = refreshTokenFor(getSession(), side);
  if (!refresh || !expiresWithin(refresh, REFRESH_RENEW_DAYS * DAY_MS, now)) return Promise.resolve(refresh);
  return once(`refresh:${side}`, () =>
    exclusive(`cue.renew.${side}`, async () => {
      const latest = refreshTokenFor(reloadSession(), side);
      if (!latest || latest !== refresh) return latest; // another tab rotated it already
      try {
        const answer = await send(ROUTES.renewRefreshToken, latest, {
          retryNetwork: false,
        });
        updateTokens(side, { refresh: answer.result.refresh_token });
        return answer.result.refresh_token;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    }),
  );
}

/** The side's access token, renewed first when it is about to expire. */
export async function freshAccessToken(side: Side): Promise<string | null> {
  const token = tokenFor(getSession(), side);
  if (!token) return null;
  renewRefreshIfDue(side).catch(() => undefined);
  if (!expiresWithin(token, ACCESS_MARGIN_MS)) return token;
  return (await renewAccess(side, token).catch(() => null)) ?? token;
}

/** Why a session ended on its own: its refresh was refused, or its temporary token ran out. */
export type SessionEndReason = 'expired' | 'tempExpired';

/** setTimeout cannot wait longer than about 24.8 days; longer waits are re-checked. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** After a renewal that got no answer (offline), try again this much later. */
const OFFLINE_RETRY_MS = 30_000;

/**
 * Keeps the signed-in session alive without waiting for a call to need it: renews each side's access
 * token shortly before it expires and its refresh token when REFRESH_RENEW_DAYS or fewer remain (a
 * dual-role session renews both token sets), and reports `onEnded` when the server refuses the
 * refresh token or a temporary token expires. Re-plans on every session change. Returns a stop function.
 */
export function keepSessionAlive(onEnded: (reason: SessionEndReason, session: Session) => void): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const clear = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  const at = (when: number, task: () => void) => {
    const delay = Math.max(0, when - Date.now());
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (delay > MAX_TIMER_MS) plan();
        else task();
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    timers.add(timer);
  };
  /** Acts only if the session is still the one the timer was planned for. */
  const still = (session: Session) => getSession() === session;

  const plan = () => {
    clear();
    const session = getSession();
    if (!session) return;
    if (session.isTempToken) {
      const exp = tokenExpiry(session.accessToken);
      if (exp !== null) at(exp, () => still(session) && onEnded('tempExpired', session));
      return;
    }
    for (const side of sidesOf(session)) {
      const access = tokenFor(session, side);
      const refresh = refreshTokenFor(session, side);
      if (!access || !refresh) continue;
      const accessExp = tokenExpiry(access);
      if (accessExp !== null) {
        at(accessExp - ACCESS_MARGIN_MS, () => {
          if (!still(session)) return;
          renewAccess(side, access).then(
            (renewed) => {
              if (renewed === null && still(session)) onEnded('expired', session);
            },
            () => at(Date.now() + OFFLINE_RETRY_MS, plan),
          );
        });
      }
      const refreshExp = tokenExpiry(refresh);
      if (refreshExp !== null) {
        at(refreshExp - REFRESH_RENEW_DAYS * DAY_MS, () => {
          if (!still(session)) return;
          renewRefreshIfDue(side).then(
            (renewed) => {
              if (renewed === null && still(session)) onEnded('expired', session);
            },
            () => at(Date.now() + OFFLINE_RETRY_MS, plan),
          );
        });
      }
    }
  };

  plan();
  const unsubscribe = onSessionChange(plan);
  return () => {
    unsubscribe();
    clear();
  };
}
