/**
 * The API's route table: every call the server answers under /api, who may make it, and whether it
 * touches one school's data. Tests walk this table (401 without a token, other-school isolation), so a
 * route added to the server and not here fails the route-table test.
 */
export const API_BASE = '/api';

import type { RolePermission } from './permissions.js';

/**
 * public: no token; any: staff or parent access token; staff/parent: that kind of token only;
 * refresh: a refresh token as the bearer token.
 */
export type RouteAccess = 'public' | 'any' | 'staff' | 'parent' | 'refresh';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  access: RouteAccess;
  /** Role permission the caller's membership must hold (staff routes). */
  permission?: RolePermission;
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
  googleLogin: { method: 'GET', path: '/api/google_login/', access: 'public' },
  googleLoginV2: { method: 'POST', path: '/api/google_login_v2/', access: 'public' },
  microsoftLogin: { method: 'GET', path: '/api/microsoft_login/', access: 'public' },
  microsoftLoginVerify: { method: 'POST', path: '/api/microsoft_login_verify/', access: 'public' },
  accessTokenActive: { method: 'GET', path: '/api/access_token_active/', access: 'refresh' },
  renewRefreshToken: { method: 'GET', path: '/api/renew_refresh_token/', access: 'refresh' },
  loginedUserDetailsV2: { method: 'POST', path: '/api/logined_user_details_v2/', access: 'any' },
  parentChildSwitch: { method: 'POST', path: '/api/parent_child_switch/', access: 'parent' },
  parentUpdateSelf: { method: 'POST', path: '/api/parent/', access: 'parent' },
  parentUpdate: { method: 'POST', path: '/api/parent/:id', access: 'parent' },
  staffProfilePicture: { method: 'POST', path: '/api/staff_profile_picture/', access: 'staff' },
  studentProfilePicture: { method: 'POST', path: '/api/student_profile_picture/:id', access: 'any' },
  deleteUserProfile: { method: 'DELETE', path: '/api/delete_user_profile/', access: 'any' },
  listAccessTokens: {
    method: 'GET',
    path: '/api/access_tokens/',
    access: 'staff',
    permission: 'super_admin.access_token_permission',
  },
  createAccessToken: {
    method: 'POST',
    path: '/api/access_tokens/',
    access: 'staff',
    permission: 'super_admin.access_token_permission',
  },
  revokeAccessToken: {
    method: 'DELETE',
    path: '/api/access_tokens/:id',
    access: 'staff',
    permission: 'super_admin.access_token_permission',
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;
