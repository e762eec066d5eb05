import type { APIRequestContext } from '@playwright/test';
import { DEMO_OTP } from './auth.js';

interface LoginResult {
  staff_user?: { access_token: string; refresh_token: string; user_details: { id: string } };
  parent_user?: { access_token: string; refresh_token: string; user_details: { id: string } };
}

async function post<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const res = await request.post(path, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Phone sign-in through the API, as the web app does it, for setting up a journey. */
export async function apiSignIn(request: APIRequestContext, phone: string): Promise<LoginResult> {
  const { message: reqId } = await post<{ message: string }>(request, '/api/otp/send', { phno: `91${phone}` });
  const { message: otpToken } = await post<{ message: string }>(request, '/api/otp/verify', { reqId, otp: DEMO_OTP });
  const login = await post<{ result: LoginResult }>(request, '/api/logged_in_user_phone_verification/', {
    otp_jwt_token: otpToken,
    phone_number: phone,
  });
  return login.result;
}

/** A staff member's access token. */
export async function staffToken(request: APIRequestContext, phone: string): Promise<string> {
  const token = (await apiSignIn(request, phone)).staff_user?.access_token;
  if (!token) throw new Error(`${phone} is not staff`);
  return token;
}

export { post as apiPost };

/**
 * Makes a child the parent's current child (journeys share one database, and another journey may have
 * left a sibling current).
 */
export async function makeCurrentChild(request: APIRequestContext, phone: string, childName: string): Promise<void> {
  const token = (await apiSignIn(request, phone)).parent_user?.access_token;
  if (!token) throw new Error(`${phone} is not a parent`);
  const details = await request.get('/api/logined_user_details', { headers: { authorization: `Bearer ${token}` } });
  const children = (
    (await details.json()) as {
      result: { user_detials: { child_list: { id: string; first_name: string; last_name: string }[] } };
    }
  ).result.user_detials.child_list;
  const child = children.find((c) => `${c.first_name} ${c.last_name}` === childName);
  if (!child) throw new Error(`${phone} has no child ${childName}`);
  await post(request, '/api/parent_child_switch/', { child_id: child.id }, token);
}
