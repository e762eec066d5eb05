import { type Side, tokenFor, useSession } from '../../lib/session';

/**
 * The signed-in person's user id on a side: the subject of that side's access token (read without
 * verifying; the server verifies). Chat members and senders are users, which a family's details do not
 * carry (their `_id` is the parent record's).
 */
export function userIdOf(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}

/** The caller's user id on a side (null when signed out of it). */
export function useMyUserId(side: Side): string | null {
  const session = useSession();
  return userIdOf(tokenFor(session, side));
}
