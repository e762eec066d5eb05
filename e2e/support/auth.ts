import { expect, type Page } from '@playwright/test';

/** Every demo phone number accepts this code (design brief section 6). */
export const DEMO_OTP = '123456';

export const PHONES = {
  teacher: '9000000003',
  parent: '9000000004',
  dualRole: '9000000005',
  unregistered: '9999999999',
} as const;

/** The login page's phone flow up to the OTP step. */
export async function requestOtp(page: Page, phone: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Phone Number', exact: true }).click();
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('OTP sent successfully')).toBeVisible();
}

/** Types a code into the six OTP boxes, starting at the first. */
export async function typeOtp(page: Page, code: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
}

/** Signs in by phone with the demo OTP and waits for the dashboard. */
export async function signIn(page: Page, phone: string): Promise<void> {
  await requestOtp(page, phone);
  await typeOtp(page, DEMO_OTP);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The access tokens the browser holds for this origin. */
export async function storedTokens(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('cue.session');
    if (!raw) return [];
    const s = JSON.parse(raw) as Record<string, unknown>;
    return [...new Set([s.accessToken, s.staffToken, s.parentToken].filter((t): t is string => typeof t === 'string'))];
  });
}
