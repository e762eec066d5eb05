import { type HeldPermissions, ROUTES } from '@cue/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiSignIn } from './api.js';

export const SHELL_PHONES = {
  superAdmin: '9000000001',
  admin: '9000000002',
  teacher: '9000000003',
  parent: '9000000004',
  dualRole: '9000000005',
} as const;

export interface SignedIn {
  staffToken?: string;
  parentToken?: string;
}

/**
 * Signs in through the API (faster than the login page, which its own journeys cover) and hands the
 * tokens to the page the way the web app stores them, then opens `path`.
 */
export async function openAs(page: Page, request: APIRequestContext, phone: string, path = '/dashboard'): Promise<SignedIn> {
  const login = await apiSignIn(request, phone);
  const staff = login.staff_user;
  const parent = login.parent_user;
  const session =
    staff && parent
      ? {
          role: 'both',
          accessToken: staff.access_token,
          refreshToken: staff.refresh_token,
          staffToken: staff.access_token,
          staffRefreshToken: staff.refresh_token,
          parentToken: parent.access_token,
          parentRefreshToken: parent.refresh_token,
          activeSide: 'staff',
        }
      : staff
        ? { role: 'staff', accessToken: staff.access_token, refreshToken: staff.refresh_token, activeSide: 'staff' }
        : { role: 'parent', accessToken: parent?.access_token, refreshToken: parent?.refresh_token, activeSide: 'parent' };
  await page.goto('/public/about');
  await page.evaluate((value) => {
    localStorage.setItem('cue.session', value);
    // The rebrand banner is covered by its own journey; elsewhere it is dismissed.
    localStorage.setItem('cue.rebrandDismissed', 'Cue');
  }, JSON.stringify(session));
  await page.goto(path);
  return { staffToken: staff?.access_token, parentToken: parent?.access_token };
}

/** The permissions the API gives a staff token: the input of visibleMenu / visibleTabs. */
export async function heldPermissions(request: APIRequestContext, token: string): Promise<HeldPermissions> {
  const res = await request.get('/api/user_permissions/', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const { result } = ROUTES.userPermissions.response.parse(await res.json());
  return { rolePermissions: result.role_permissions, schoolPermissions: result.school_permissions };
}

/** Opens the profile menu (top bar) and chooses an entry. */
export async function profileMenu(page: Page, entry: 'My Profile' | 'Settings' | 'Switch school' | 'Logout'): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/** Logout through the profile menu. */
export const logout = (page: Page) => profileMenu(page, 'Logout');
