/**
 * The API's route table: every call the server answers under /api, who may make it, and whether it
 * touches one school's data. Tests walk this table (401 without a token, other-school isolation), so a
 * route added to the server and not here fails the route-table test.
 */
export const API_BASE = '/api';

/** public: no token; any: staff or parent; staff/parent: that kind of token only. */
export type RouteAccess = 'public' | 'any' | 'staff' | 'parent';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: RouteAccess;
}

export const ROUTES = {
  health: { method: 'GET', path: '/api/health', access: 'public' },
  phoneLoginEnabling: { method: 'GET', path: '/api/phone_login_enabling/', access: 'public' },
  checkPhoneExists: { method: 'POST', path: '/api/check_phone_exists/', access: 'public' },
  otpSend: { method: 'POST', path: '/api/otp/send', access: 'public' },
  otpRetry: { method: 'POST', path: '/api/otp/retry', access: 'public' },
  otpVerify: { method: 'POST', path: '/api/otp/verify', access: 'public' },
  phoneVerification: { method: 'POST', path: '/api/logged_in_user_phone_verification/', access: 'public' },
  loginedUserDetails: { method: 'GET', path: '/api/logined_user_details', access: 'any' },
  logout: { method: 'POST', path: '/api/logout/', access: 'any' },
  staffClasses: { method: 'GET', path: '/api/staff_classes/', access: 'staff' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;
