import { ACCOUNT_MESSAGES, ROUTES } from '@cue/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../platform/errors.js';
import type { Services } from '../../platform/http/app.js';
import { bearerToken } from '../../platform/http/guard.js';
import type { Router } from '../../platform/http/route.js';

/** Public sign-in calls are limited per client address on top of the OTP rules themselves. */
const publicLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

const frontendOrigin = (req: Pick<FastifyRequest, 'headers'>): string | undefined => {
  const header = req.headers['x-frontend-origin'] ?? req.headers.origin;
  if (typeof header === 'string' && header) return header;
  const referer = req.headers.referer;
  try {
    return referer ? new URL(referer).origin : undefined;
  } catch {
    return undefined;
  }
};

const refreshBearer = (req: Pick<FastifyRequest, 'headers'>): string => {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  return token;
};

export function authRoutes(route: Router, s: Services): void {
  const limited = { config: publicLimit };
  route(ROUTES.phoneLoginEnabling, async () => ({ result: await s.authSettings.phoneLoginEnabled() }));

  route(
    ROUTES.checkPhoneExists,
    async ({ body, req }) => ({ result: await s.signIn.phoneExists(body.phone_number, req.ip) }),
    limited,
  );

  route(ROUTES.otpSend, async ({ body, req }) => ({ message: await s.otp.send(body.phno, req.ip) }), limited);

  route(ROUTES.otpRetry, async ({ body, req }) => ({ message: await s.otp.resend(body.reqId, req.ip) }), limited);

  route(ROUTES.otpVerify, async ({ body }) => ({ message: await s.otp.verify(body.reqId, body.otp) }), limited);

  route(
    ROUTES.phoneVerification,
    async ({ body }) => ({ result: await s.signIn.withPhone(body.otp_jwt_token, body.phone_number) }),
    limited,
  );

  route(ROUTES.googleLogin, async ({ req }) => ({ result: await s.oauth.start('google', frontendOrigin(req)) }), limited);

  route(
    ROUTES.googleLoginV2,
    async ({ body }) => ({ result: await s.signIn.withProvider('google', body.code, body.state, body.iss) }),
    limited,
  );

  route(ROUTES.microsoftLogin, async ({ req }) => ({ result: await s.oauth.start('microsoft', frontendOrigin(req)) }), limited);

  route(
    ROUTES.microsoftLoginVerify,
    async ({ body }) => ({ result: await s.signIn.withProvider('microsoft', body.code, body.state, body.iss) }),
    limited,
  );

  route(
    ROUTES.accessTokenActive,
    async ({ req }) => ({ result: { access_token: await s.sessions.renewAccess(refreshBearer(req)) } }),
    limited,
  );

  route(
    ROUTES.renewRefreshToken,
    async ({ req }) => ({ result: { refresh_token: await s.sessions.rotateRefresh(refreshBearer(req)) } }),
    limited,
  );

  route(ROUTES.logout, async ({ auth }) => {
    await s.sessions.end(auth);
    return { result: true, message: 'Logged out' };
  });

  route(ROUTES.loginedUserDetails, async ({ auth }) => ({ result: await s.users.current(auth) }));

  route(ROUTES.loginedUserDetailsV2, async ({ body }) => ({
    result: await s.users.both(body.staff_user_token, body.parent_user_token, s.tokens, s.sessions),
  }));

  route(ROUTES.listAccessTokens, async ({ auth }) => ({ result: await s.sessions.listTemp(auth.schoolId ?? '') }));

  route(ROUTES.createAccessToken, async ({ auth, body }) => ({
    result: await s.sessions.issueTemp(auth, {
      label: body.label,
      userId: body.user_id,
      expiresInMinutes: body.expires_in_minutes,
    }),
    message: ACCOUNT_MESSAGES.accessTokenCreated,
  }));

  route(ROUTES.revokeAccessToken, async ({ auth, params }) => {
    await s.sessions.revokeTemp(auth.schoolId ?? '', params.id);
    return { result: true, message: ACCOUNT_MESSAGES.accessTokenRevoked };
  });
}
