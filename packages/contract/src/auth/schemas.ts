import { z } from 'zod';
import { COUNTRY_CODE, OTP_LENGTH, PHONE_LENGTH } from '../constants.js';
import { parentUserDetailsSchema, staffUserDetailsSchema } from '../users/schemas.js';

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);

/** Phone input on the client keeps digits only, at most 10. */
export const normalizePhoneInput = (raw: string): string => raw.replace(/\D/g, '').slice(0, PHONE_LENGTH);
export const isValidPhone = (phone: string): boolean => digits(PHONE_LENGTH).test(phone);
export const isValidOtp = (otp: string): boolean => digits(OTP_LENGTH).test(otp);

export const phoneNumberSchema = z.string().regex(digits(PHONE_LENGTH), `Phone number must be ${PHONE_LENGTH} digits`);
export const otpSchema = z.string().regex(digits(OTP_LENGTH), `OTP must be ${OTP_LENGTH} digits`);

// GET /api/phone_login_enabling/
export const phoneLoginEnablingResponseSchema = z.object({ result: z.boolean() });

// POST /api/check_phone_exists/
export const checkPhoneExistsRequestSchema = z.object({ phone_number: phoneNumberSchema });
export const checkPhoneExistsResponseSchema = z.object({ result: z.boolean() });

// POST /api/otp/send  (phno is the country code followed by the 10-digit number)
export const otpSendRequestSchema = z.object({
  phno: z
    .string()
    .regex(
      new RegExp(`^${COUNTRY_CODE}\\d{${PHONE_LENGTH}}$`),
      `phno must be ${COUNTRY_CODE} followed by ${PHONE_LENGTH} digits`,
    ),
});
/** `message` carries the request id. */
export const otpSendResponseSchema = z.object({ message: z.string() });

// POST /api/otp/retry
export const otpRetryRequestSchema = z.object({ reqId: z.string().min(1).max(64) });
export const otpRetryResponseSchema = z.object({ message: z.string() });

// POST /api/otp/verify
export const otpVerifyRequestSchema = z.object({ reqId: z.string().min(1).max(64), otp: otpSchema });
/** `message` carries a signed, short-lived, single-use token. */
export const otpVerifyResponseSchema = z.object({ message: z.string() });

// POST /api/logged_in_user_phone_verification/
export const phoneVerificationRequestSchema = z.object({
  otp_jwt_token: z.string().min(1),
  phone_number: phoneNumberSchema,
});

export const sessionTokensSchema = z.object({ access_token: z.string(), refresh_token: z.string() });

export const staffLoginSchema = sessionTokensSchema.extend({ user_details: staffUserDetailsSchema });
export const parentLoginSchema = sessionTokensSchema.extend({ user_details: parentUserDetailsSchema });
export const phoneVerificationResponseSchema = z.object({
  result: z.object({ staff_user: staffLoginSchema.optional(), parent_user: parentLoginSchema.optional() }),
});
export type PhoneVerificationResponse = z.infer<typeof phoneVerificationResponseSchema>;

// GET /api/logined_user_details
export const loginedAsSchema = z.enum(['staff', 'parent']);
export type LoginedAs = z.infer<typeof loginedAsSchema>;
export const loginedUserDetailsResponseSchema = z.object({
  result: z.discriminatedUnion('logined_as', [
    z.object({ logined_as: z.literal('staff'), user_detials: staffUserDetailsSchema }),
    z.object({ logined_as: z.literal('parent'), user_detials: parentUserDetailsSchema }),
  ]),
});
export type LoginedUserDetailsResponse = z.infer<typeof loginedUserDetailsResponseSchema>;

// POST /api/logout/
export const logoutResponseSchema = z.object({ result: z.boolean(), message: z.string() });

/** Session roles on the client (spec section 4). */
export type SessionRole = 'staff' | 'parent' | 'both';
export const roleFromLogin = (result: PhoneVerificationResponse['result']): SessionRole | null =>
  result.staff_user && result.parent_user ? 'both' : result.staff_user ? 'staff' : result.parent_user ? 'parent' : null;

// OAuth sign-in (Google, Microsoft): the server hands out the provider's authorize URL, then
// exchanges the code the provider sends back to the web app's return route.
export const oauthProviderSchema = z.enum(['google', 'microsoft']);
export type OauthProvider = z.infer<typeof oauthProviderSchema>;
export const oauthStartResponseSchema = z.object({ result: z.string().url() });
export const oauthExchangeRequestSchema = z.object({
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(256),
  /** The issuer the provider names on its return (RFC 9207), passed on as received. */
  iss: z.string().url().optional(),
});
/** Web return routes of the providers (paths the provider redirects the browser to). */
export const OAUTH_RETURN_PATHS: Record<OauthProvider, string> = {
  google: '/google_login_verify',
  microsoft: '/microsoft_login_verify',
};

// GET /api/access_token_active/ and /api/renew_refresh_token/ (bearer: the refresh token)
export const accessTokenActiveResponseSchema = z.object({ result: z.object({ access_token: z.string() }) });
export const renewRefreshTokenResponseSchema = z.object({ result: z.object({ refresh_token: z.string() }) });

// POST /api/logined_user_details_v2/
export const loginedUserDetailsV2RequestSchema = z
  .object({ staff_user_token: z.string().min(1).optional(), parent_user_token: z.string().min(1).optional() })
  .refine((v) => v.staff_user_token || v.parent_user_token, { message: 'staff_user_token or parent_user_token is required' });
export const loginedUserDetailsV2ResponseSchema = z.object({
  result: z.object({
    staff_user: z.object({ user_details: staffUserDetailsSchema }).optional(),
    parent_user: z.object({ user_details: parentUserDetailsSchema }).optional(),
  }),
});
