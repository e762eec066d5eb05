import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.otpTestNumbers.get('9000000003')).toBe('123456');
    expect(c.otpTestNumbers.has('9999999999')).toBe(false);
  });

  it('reads test numbers with or without the country code', () => {
    const c = loadConfig({ OTP_TEST_NUMBERS: '919111111111:654321, 9222222222:000000' });
    expect([...c.otpTestNumbers]).toEqual([
      ['9111111111', '654321'],
      ['9222222222', '000000'],
    ]);
    expect(loadConfig({ OTP_TEST_NUMBERS: '' }).otpTestNumbers.size).toBe(0);
  });

  it('in production seeds no demo school and knows no test numbers unless told', () => {
    const c = loadConfig({ NODE_ENV: 'production' });
    expect(c.SEED_DEMO).toBe(false);
    expect(c.otpTestNumbers.size).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', OTP_TEST_NUMBERS: '' }).otpTestNumbers.size).toBe(0);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('refuses to start in production when OTP_TEST_NUMBERS is set', () => {
    const start = () => loadConfig({ NODE_ENV: 'production', OTP_TEST_NUMBERS: '9000000001:123456' });
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(/OTP_TEST_NUMBERS: .*NODE_ENV=production/);
    // Outside production they stay a choice.
    expect(loadConfig({ NODE_ENV: 'test', OTP_TEST_NUMBERS: '9000000001:123456' }).otpTestNumbers.size).toBe(1);
  });

  it('reads the OTP guess and lookup limits', () => {
    const c = loadConfig({});
    expect([
      c.OTP_WRONG_CODES_PER_PHONE,
      c.OTP_WRONG_CODES_WINDOW_MINUTES,
      c.PHONE_LOOKUPS_PER_IP,
      c.PHONE_CHECKS_PER_PHONE,
    ]).toEqual([10, 60, 10, 5]);
    expect(() => loadConfig({ OTP_WRONG_CODES_PER_PHONE: '0' })).toThrow(/OTP_WRONG_CODES_PER_PHONE/);
  });

  it('stops with a message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', OTP_TEST_NUMBERS: '123:1' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('Invalid configuration');
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('OTP_TEST_NUMBERS');
    }
  });
});
