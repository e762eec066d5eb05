export const DASHBOARD_PATH = '/dashboard';
export const LOGIN_PATH = '/';

/** Paths anyone may open without a token (spec section 2). */
export const isPublicPath = (pathname: string): boolean =>
  pathname === '/public' || pathname.startsWith('/public/') || pathname.includes('microsoft_login_verify');
