import { z } from 'zod';
import { idSchema } from '../common.js';
import { ACCOUNT_MESSAGES } from '../messages.js';

/*
 * Temporary access tokens (school setup → access tokens), in a module of their own: the sign-in
 * helpers of schemas.ts are on the login page, and the form that creates a token keeps this schema
 * (and zod) in the bundle; apart, the login page does not load them.
 */

/** A temporary access token lives between 5 minutes and 24 hours. */
export const TEMP_TOKEN_MIN_MINUTES = 5;
export const TEMP_TOKEN_MAX_MINUTES = 24 * 60;
export const createAccessTokenRequestSchema = z.object({
  label: z.string().trim().min(1, 'Give the token a name').max(100),
  /** Whom the token signs in as; the issuer by default. Must be staff of the same school. */
  user_id: idSchema.optional(),
  expires_in_minutes: z
    .number()
    .int()
    .min(TEMP_TOKEN_MIN_MINUTES, ACCOUNT_MESSAGES.tempTokenTooShort)
    .max(TEMP_TOKEN_MAX_MINUTES, ACCOUNT_MESSAGES.tempTokenTooLong),
});
export const accessTokenSchema = z.object({
  id: idSchema,
  label: z.string(),
  user: z.object({ id: idSchema, first_name: z.string(), last_name: z.string() }),
  created_by: idSchema.nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type AccessTokenInfo = z.infer<typeof accessTokenSchema>;
export const createAccessTokenResponseSchema = z.object({
  result: accessTokenSchema.extend({ token: z.string() }),
  message: z.string(),
});
