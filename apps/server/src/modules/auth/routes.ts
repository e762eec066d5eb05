import {
  checkPhoneExistsRequestSchema,
  otpRetryRequestSchema,
  otpSendRequestSchema,
  otpVerifyRequestSchema,
  phoneVerificationRequestSchema,
  ROUTES,
} from '@cue/contract';
import type { Services } from '../../platform/http/app.js';
import type { Router } from '../../platform/http/route.js';

/** Public sign-in calls are limited per client address on top of the OTP rules themselves. */
const publicLimit = { rateLimit: { max: 600, timeWindow: '1 minute' } };

export function authRoutes(route: Router, s: Services): void {
  route(ROUTES.phoneLoginEnabling, {}, async () => ({ result: await s.authSettings.phoneLoginEnabled() }));

  route(ROUTES.checkPhoneExists, { body: checkPhoneExistsRequestSchema, config: publicLimit }, async ({ body }) => ({
    result: await s.users.isPhoneRegistered(body.phone_number),
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

  route(ROUTES.logout, {}, async ({ auth }) => {
    await s.sessions.end(auth);
    return { result: true, message: 'Logged out' };
  });

  route(ROUTES.loginedUserDetails, {}, async ({ auth }) => ({ result: await s.users.current(auth) }));
}
