import { COUNTRY_CODE, type PhoneVerificationResponse, ROUTES, roleFromLogin, type SessionRole } from '@cue/contract';
import { apiRequest } from '../../lib/api';
import { startSession } from '../../lib/session';

interface MessageAnswer {
  message: string;
}

/** Whether the server offers phone sign-in; a failed call counts as yes (spec section 7). */
export async function fetchPhoneLoginEnabled(): Promise<boolean> {
  try {
    const answer = await apiRequest<{ result: boolean }>(ROUTES.phoneLoginEnabling);
    return answer.result !== false;
  } catch {
    return true;
  }
}

/** Sends an OTP to a 10-digit national number; returns the request id. */
export async function sendOtp(phone: string): Promise<string> {
  const answer = await apiRequest<MessageAnswer>(ROUTES.otpSend, { body: { phno: `${COUNTRY_CODE}${phone}` } });
  return answer.message;
}

/** Sends the OTP again for a request; returns the (same) request id. */
export async function resendOtp(reqId: string): Promise<string> {
  const answer = await apiRequest<MessageAnswer>(ROUTES.otpRetry, { body: { reqId } });
  return answer.message;
}

export class NoAccountError extends Error {}

/** Checks the code, exchanges the OTP token for sessions and stores them. Returns the session's role. */
export async function signInWithOtp(phone: string, reqId: string, otp: string): Promise<SessionRole> {
  const verified = await apiRequest<MessageAnswer>(ROUTES.otpVerify, { body: { reqId, otp } });
  const answer = await apiRequest<PhoneVerificationResponse>(ROUTES.phoneVerification, {
    body: { otp_jwt_token: verified.message, phone_number: phone },
  });
  const { staff_user: staff, parent_user: parent } = answer.result;
  const role = roleFromLogin(answer.result);
  if (!role) throw new NoAccountError('No staff or parent account');
  startSession(role, { staff, parent });
  return role;
}

/** Revokes a session on the server. Never throws: signing out locally must not wait on the network. */
export async function revokeSession(token: string): Promise<void> {
  try {
    await apiRequest(ROUTES.logout, { token, keepalive: true, retryNetwork: false });
  } catch {
    // The token may already be expired or revoked; the local session is cleared regardless.
  }
}
