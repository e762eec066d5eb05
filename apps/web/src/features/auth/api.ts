import {
  COUNTRY_CODE,
  type OauthProvider,
  type PhoneVerificationResponse,
  ROUTES,
  roleFromLogin,
  type SessionRole,
} from '@cue/contract';
import { apiRequest, type BodyOf } from '../../lib/api';
import { setSchoolDirection } from '../../lib/i18n';
import { clearToasts } from '../../lib/notify';
import { allTokens, endSession, getSession, startSession, startTempSession } from '../../lib/session';

/** Whether the server offers phone sign-in; a failed call counts as yes (spec section 7). */
export async function fetchPhoneLoginEnabled(): Promise<boolean> {
  try {
    const answer = await apiRequest(ROUTES.phoneLoginEnabling);
    return answer.result !== false;
  } catch {
    return true;
  }
}

/** Sends an OTP to a 10-digit national number; returns the request id. */
export async function sendOtp(phone: string): Promise<string> {
  const answer = await apiRequest(ROUTES.otpSend, { body: { phno: `${COUNTRY_CODE}${phone}` } });
  return answer.message;
}

/** Sends the OTP again for a request; returns the (same) request id. */
export async function resendOtp(reqId: string): Promise<string> {
  const answer = await apiRequest(ROUTES.otpRetry, { body: { reqId } });
  return answer.message;
}

export class NoAccountError extends Error {}

/** Checks the code, exchanges the OTP token for sessions and stores them. Returns the session's role. */
export async function signInWithOtp(phone: string, reqId: string, otp: string): Promise<SessionRole> {
  const verified = await apiRequest(ROUTES.otpVerify, { body: { reqId, otp } });
  const answer = await apiRequest(ROUTES.phoneVerification, {
    body: { otp_jwt_token: verified.message, phone_number: phone },
  });
  return beginSession(answer.result);
}

/**
 * Stores the sessions of a sign-in result, whichever way the person signed in: staff_user and
 * parent_user give a dual-role session (role 'both', both token sets), one of them role staff or
 * parent. A session already open in this browser is ended on the server first.
 */
export function beginSession(result: PhoneVerificationResponse['result']): SessionRole {
  const { staff_user: staff, parent_user: parent } = result;
  const role = roleFromLogin(result);
  if (!role) throw new NoAccountError('No staff or parent account');
  const previous = allTokens(getSession());
  startSession(role, { staff, parent });
  // "OTP sent successfully" and the like belong to the login page.
  clearToasts();
  for (const token of previous) void revokeSession(token);
  return role;
}

const START_ROUTES = { google: ROUTES.googleLogin, microsoft: ROUTES.microsoftLogin } as const;
const EXCHANGE_ROUTES = { google: ROUTES.googleLoginV2, microsoft: ROUTES.microsoftLoginVerify } as const;

/** The provider's sign-in address for this web app (GET /api/google_login/ or /api/microsoft_login/). */
export async function providerSignInUrl(provider: OauthProvider): Promise<string> {
  const answer = await apiRequest(START_ROUTES[provider], {
    headers: { 'x-frontend-origin': window.location.origin },
  });
  return answer.result;
}

export type ProviderReturn = BodyOf<typeof ROUTES.googleLoginV2>;

/**
 * Exchanges the code the provider sent back (POST /api/google_login_v2/ or /api/microsoft_login_verify/)
 * and stores the sessions. Not retried: each attempt's state is single-use.
 */
export async function signInWithProvider(provider: OauthProvider, back: ProviderReturn): Promise<SessionRole> {
  const answer = await apiRequest(EXCHANGE_ROUTES[provider], { body: back });
  return beginSession(answer.result);
}

/**
 * Signs in with a temporary access token (an admin's support or kiosk link), after the server has
 * confirmed it names a staff member; an expired one fails with TEMP_TOKEN_EXPIRED.
 */
export async function signInWithTempToken(token: string): Promise<void> {
  const answer = await apiRequest(ROUTES.loginedUserDetails, { token });
  if (answer.result.logined_as !== 'staff') throw new NoAccountError('Not a staff token');
  const previous = allTokens(getSession());
  startTempSession(token);
  clearToasts();
  for (const old of previous) if (old !== token) void revokeSession(old);
}

/**
 * Ends the session here and on the server: clears tokens and role, sets the logged-out flag and tells
 * the server for every token held. The signed-in screens send the person to the root.
 */
export function signOut(): Promise<void> {
  const tokens = allTokens(getSession());
  endSession();
  setSchoolDirection(null);
  return Promise.all(tokens.map(revokeSession)).then(() => undefined);
}

/** Revokes a session on the server. Never throws: signing out locally must not wait on the network. */
export async function revokeSession(token: string): Promise<void> {
  try {
    await apiRequest(ROUTES.logout, { token, keepalive: true, retryNetwork: false });
  } catch {
    // The token may already be expired or revoked; the local session is cleared regardless.
  }
}
