import { expect, test } from '@playwright/test';
import { PHONES, requestOtp, typeOtp } from './support/auth.js';

test('the phone field keeps digits only and Send OTP waits for ten of them', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Phone Number', exact: true }).click();
  await expect(page.getByText('+91', { exact: true })).toBeVisible();

  const phone = page.getByLabel('Phone number', { exact: true });
  const send = page.getByRole('button', { name: 'Send OTP' });
  await phone.pressSequentially('9a9b9-999 999');
  await expect(phone).toHaveValue('999999999');
  await expect(send).toBeDisabled();

  await phone.pressSequentially('99');
  await expect(phone).toHaveValue(PHONES.unregistered);
  await expect(send).toBeEnabled();

  await send.click();
  await expect(page.getByText('Phone number not registered')).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 6')).toHaveCount(0);

  await page.getByRole('button', { name: 'Back to login options' }).click();
  await expect(page.getByRole('button', { name: 'Phone Number', exact: true })).toBeFocused();
});

test('Login waits for six digits, a wrong code is refused and resend waits for the countdown', async ({ page }) => {
  await requestOtp(page, PHONES.teacher);

  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(login).toBeDisabled();
  await typeOtp(page, '00000');
  await expect(login).toBeDisabled();
  await page.keyboard.type('0');
  await expect(login).toBeEnabled();

  await login.click();
  await expect(page.getByText('Invalid OTP')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const resend = page.getByRole('button', { name: /Resend OTP/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/Resend OTP in 0:[0-2]\d/);
});

test('after the 30-second countdown the code can be sent again', async ({ page }) => {
  test.setTimeout(90_000);
  await requestOtp(page, PHONES.teacher);
  const resend = page.getByRole('button', { name: /Resend OTP/ });
  await expect(resend).toBeDisabled();
  await expect(resend).toBeEnabled({ timeout: 40_000 });
  await expect(resend).toHaveText('Resend OTP');

  await resend.click();
  await expect(page.getByText('OTP resent successfully')).toBeVisible();
  await expect(resend).toBeDisabled();

  // The resent code signs in.
  await typeOtp(page, '123456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
