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

  it('keeps files on the local disk without S3 variables, in the object store with all four, and refuses some', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'cue-media',
      S3_ACCESS_KEY: 'access',
      S3_SECRET_KEY: 'secret',
    };
    expect(loadConfig(s3).objectStorage).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'cue-media',
      accessKeyId: 'access',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-3' }).objectStorage?.region).toBe('eu-west-3');
    const half = () => loadConfig({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: s3.S3_BUCKET });
    expect(half).toThrow(ConfigError);
    expect(half).toThrow(/S3_ACCESS_KEY, S3_SECRET_KEY: object storage needs/);
    // An empty value counts as unset, as a blank line in an env file would.
    expect(() => loadConfig({ ...s3, S3_SECRET_KEY: '' })).toThrow(/S3_SECRET_KEY: object storage needs/);
    // The region alone is no store.
    expect(loadConfig({ S3_REGION: 'eu-west-3' }).objectStorage).toBeNull();
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
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
