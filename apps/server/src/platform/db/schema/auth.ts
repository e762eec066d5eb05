import { boolean, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './people.js';

export const otpRequests = pgTable(
  'otp_requests',
  {
    id: id().primaryKey(),
    phone: varchar('phone', { length: 10 }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** Client address that asked for it, for per-address limits. */
    requestIp: text('request_ip').notNull(),
    /** False for configured test numbers: no message was sent, so no SMS quota was spent. */
    delivered: boolean('delivered').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_requests_phone_idx').on(t.phone, t.createdAt), index('otp_requests_ip_idx').on(t.requestIp, t.createdAt)],
);

/**
 * Fixed-window counters kept in the database, so that every server instance sees the same count:
 * wrong OTP codes per number, phone-number checks per number and per client address.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** One signed-in device for one kind of account. Refresh tokens rotate within a family. */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: id().primaryKey(),
    userId: id('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    schoolId: id('school_id'),
    /** Hash of the current refresh token; empty for temporary tokens, which cannot be refreshed. */
    tokenHash: text('token_hash').notNull(),
    /** The token it replaced, accepted for access renewal only during a short grace after rotation. */
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    isTemp: boolean('is_temp').notNull().default(false),
    /** Temporary tokens: the name given by the admin who issued it, and who that was. */
    label: text('label'),
    createdBy: id('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_sessions_user_idx').on(t.userId), index('refresh_sessions_school_temp_idx').on(t.schoolId, t.isTemp)],
);

/** An OAuth sign-in in flight: the state sent to the provider and the PKCE verifier kept back. */
export const oauthStates = pgTable('oauth_states', {
  id: varchar('id', { length: 64 }).primaryKey(),
  provider: varchar('provider', { length: 16 }).notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Settings of the whole installation (for example whether phone login is offered). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
