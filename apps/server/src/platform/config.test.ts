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
