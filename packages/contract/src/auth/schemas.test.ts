import { describe, expect, it } from 'vitest';
import { isUsableId, isValidOtp, isValidPhone, normalizePhoneInput, otpSendRequestSchema, roleFromLogin } from '../index.js';

describe('phone and OTP input', () => {
  it('keeps digits only, at most 10', () => {
    expect(normalizePhoneInput('+91 (900) 000-0003 45')).toBe('9190000000');
    expect(normalizePhoneInput('abc')).toBe('');
  });
  it('is valid only at exactly 10 digits and 6-digit codes', () => {
    expect(isValidPhone('900000000')).toBe(false);
    expect(isValidPhone('9000000003')).toBe(true);
    expect(isValidOtp('12345')).toBe(false);
    expect(isValidOtp('123456')).toBe(true);
    expect(isValidOtp('12345a')).toBe(false);
  });
  it('sends the number with the country code 91', () => {
    expect(otpSendRequestSchema.safeParse({ phno: '919000000003' }).success).toBe(true);
    expect(otpSendRequestSchema.safeParse({ phno: '9000000003' }).success).toBe(false);
  });
});

describe('roleFromLogin', () => {
  const side = {} as never;
  it('is both, staff or parent by which accounts the login holds', () => {
    expect(roleFromLogin({ staff_user: side, parent_user: side })).toBe('both');
    expect(roleFromLogin({ staff_user: side })).toBe('staff');
    expect(roleFromLogin({ parent_user: side })).toBe('parent');
    expect(roleFromLogin({})).toBeNull();
  });
});

describe('isUsableId', () => {
  it('counts only ids of at least 24 characters', () => {
    expect(isUsableId('a'.repeat(24))).toBe(true);
    expect(isUsableId('a'.repeat(23))).toBe(false);
    expect(isUsableId(42)).toBe(false);
  });
});
