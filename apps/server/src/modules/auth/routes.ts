import {
  ACCOUNT_MESSAGES,
  checkPhoneExistsRequestSchema,
  createAccessTokenRequestSchema,
  idSchema,
  loginedUserDetailsV2RequestSchema,
  oauthExchangeRequestSchema,
  otpRetryRequestSchema,
  otpSendRequestSchema,
  otpVerifyRequestSchema,
  phoneVerificationRequestSchema,
  ROUTES,
} from '@cue/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unauthorized } from '../../platform/errors.js';
import type { Services } from '../../platform/http/app.js';
import { bearerToken } from '../../platform/http/guard.js';
import type { Router } from '../../platform/http/route.js';

/** Public sign-in calls are limited per client address on top of the OTP rules themselves. */
const publicLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

const frontendOrigin = (req: FastifyRequest): string | undefined => {
  const header = req.headers['x-frontend-origin'] ?? req.headers.origin;
  if (typeof header === 'string' && header) return header;
  const referer = req.headers.referer;
  try {
    return referer ? new URL(referer).origin : undefined;
  } catch {
    return undefined;
  }
};

const refreshBearer = (req: FastifyRequest): string => {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  return token;
};

export function authRoutes(route: Router, s: Services): void {
  route(ROUTES.phoneLoginEnabling, {}, async () => ({ result: await s.authSettings.phoneLoginEnabled() }));

  route(ROUTES.checkPhoneExists, { body: checkPhoneExistsRequestSchema, config: publicLimit }, async ({ body, req }) => ({
    result: await s.signIn.phoneExists(body.phone_number, req.ip),
  }));

  route(ROUTES.otpSend, { body: otpSendRequestSchema, config: publicLimit }, async ({ body, req }) => ({
    message: await s.otp.send(body.phno, req.ip),
  }));

  route(ROUTES.otpRetry, { body: otpRetryRequestSchema, config: publicLimit }, async ({ body, req }) => ({
    message: await s.otp.resend(body.reqId, req.ip),
  }));

  route(ROUTES.otpVerify, { body: otpVerifyRequestSchema, config: publicLimit }, async ({ body }) => ({
    message: await s.otp.verify(body.reqId, body.otp),
  }));

  route(ROUTES.phoneVerification, { body: phoneVerificationRequestSchema, config: publicLimit }, async ({ body }) => ({
    result: await s.signIn.withPhone(body.otp_jwt_token, body.phone_number),
  }));

  route(ROUTES.googleLogin, { config: publicLimit }, async ({ req }) => ({
    result: await s.oauth.start('google', frontendOrigin(req)),
  }));

  route(ROUTES.googleLoginV2, { body: oauthExchangeRequestSchema, config: publicLimit }, async ({ body }) => ({
    result: await s.signIn.withProvider('google', body.code, body.state, body.iss),
  }));

  route(ROUTES.microsoftLogin, { config: publicLimit }, async ({ req }) => ({
    result: await s.oauth.start('microsoft', frontendOrigin(req)),
  }));

  route(ROUTES.microsoftLoginVerify, { body: oauthExchangeRequestSchema, config: publicLimit }, async ({ body }) => ({
    result: await s.signIn.withProvider('microsoft', body.code, body.state, body.iss),
  }));

  route(ROUTES.accessTokenActive, { config: publicLimit }, async ({ req }) => ({
    result: { access_token: await s.sessions.renewAccess(refreshBearer(req)) },
  }));

  route(ROUTES.renewRefreshToken, { config: publicLimit }, async ({ req }) => ({
    result: { refresh_token: await s.sessions.rotateRefresh(refreshBearer(req)) },
  }));

  route(ROUTES.logout, {}, async ({ auth }) => {
    await s.sessions.end(auth);
    return { result: true, message: 'Logged out' };
  });

  route(ROUTES.loginedUserDetails, {}, async ({ auth }) => ({ result: await s.users.current(auth) }));

  route(ROUTES.loginedUserDetailsV2, { body: loginedUserDetailsV2RequestSchema }, async ({ body }) => ({
    result: await s.users.both(body.staff_user_token, body.parent_user_token, s.tokens, s.sessions),
  }));

  route(ROUTES.listAccessTokens, {}, async ({ auth }) => ({ result: await s.sessions.listTemp(auth.schoolId ?? '') }));

  route(ROUTES.createAccessToken, { body: createAccessTokenRequestSchema }, async ({ auth, body }) => {
    // A token acts as its person: nobody mints one for someone who holds more than they do.
    if (body.user_id) await s.roles.assertCanActOn(auth, body.user_id);
    return {
      result: await s.sessions.issueTemp(auth, {
        label: body.label,
        userId: body.user_id,
        expiresInMinutes: body.expires_in_minutes,
      }),
      message: ACCOUNT_MESSAGES.accessTokenCreated,
    };
  });

  route(ROUTES.revokeAccessToken, { params: z.object({ id: idSchema }) }, async ({ auth, params }) => {
    await s.sessions.revokeTemp(auth.schoolId ?? '', params.id);
    return { result: true, message: ACCOUNT_MESSAGES.accessTokenRevoked };
  });
}
