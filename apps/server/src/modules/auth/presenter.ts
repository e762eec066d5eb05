import type { AccessTokenInfo } from '@cue/contract';
import type { TempSessionRow } from './repo.js';

/** A temporary access token as the school's admins see it (never the token itself). */
export const presentAccessToken = ({ session, user }: TempSessionRow): AccessTokenInfo => ({
  id: session.id,
  label: session.label ?? '',
  user: { id: user.id, first_name: user.firstName, last_name: user.lastName },
  created_by: session.createdBy,
  created_at: session.createdAt.toISOString(),
  expires_at: session.expiresAt.toISOString(),
});
