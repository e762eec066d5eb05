import path from 'node:path';
import { z } from 'zod';
import { LARGE_SIGN_INS } from '../seed/large-people.js';
import type { S3Settings } from './storage.js';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An empty value is no value (a blank line in an env file), so the all-or-none checks see it as unset. */
const unsetIfEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const DEFAULT_TEST_NUMBERS = [1, 2, 3, 4, 5, 6].map((n) => `900000000${n}:123456`).join(',');
/** The demo's numbers, and with SEED=large the large organization's key people. */
const defaultTestNumbers = (seed: 'demo' | 'large'): string =>
  seed === 'large' ? [DEFAULT_TEST_NUMBERS, ...LARGE_SIGN_INS.map((phone) => `${phone}:123456`)].join(',') : DEFAULT_TEST_NUMBERS;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Seed the demo school into an empty database; by default on, except with NODE_ENV=production. */
  SEED_DEMO: bool.optional(),
  /** Four weeks of the demo school's past (attendance, observations, announcements) when it is seeded; by default on, except with NODE_ENV=test or production. */
  SEED_DEMO_HISTORY: bool.optional(),
  /**
   * `large` also seeds the large demo organization (3 schools, 1,500 children, a school year of history)
   * next to the demo school, and its key people sign in with the test code; not with NODE_ENV=production.
   */
  SEED: z.enum(['demo', 'large']).default('demo'),
  /** The database handle's statement cache (decision 43); on by default. */
  QUERY_CACHE: bool.optional(),
  SMS_PROVIDER: z.enum(['console']).default('console'),
  /** Numbers that sign in with a fixed code; by default the demo numbers, none with NODE_ENV=production (where setting it stops the start). */
  OTP_TEST_NUMBERS: z
    .string()
    .regex(/^(\s*(91)?\d{10}:\d{6}\s*)(,\s*(91)?\d{10}:\d{6}\s*)*$|^\s*$/, 'expected phone:code pairs, e.g. 9000000001:123456')
    .optional(),
  /** Real OTP sends allowed per phone number and per client address within OTP_WINDOW_MINUTES. */
  OTP_SENDS_PER_PHONE: z.coerce.number().int().min(1).default(5),
  OTP_SENDS_PER_IP: z.coerce.number().int().min(1).default(20),
  OTP_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Wrong codes a phone number may receive within OTP_WRONG_CODES_WINDOW_MINUTES, across all its requests; then it is locked until the window ends. */
  OTP_WRONG_CODES_PER_PHONE: z.coerce.number().int().min(1).default(10),
  OTP_WRONG_CODES_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Answers that tell whether a number is registered (check_phone_exists, otp/send to an unknown number) per client address within OTP_WINDOW_MINUTES. */
  PHONE_LOOKUPS_PER_IP: z.coerce.number().int().min(1).default(10),
  /** check_phone_exists answers about one number within OTP_WINDOW_MINUTES. */
  PHONE_CHECKS_PER_PHONE: z.coerce.number().int().min(1).default(5),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /** The key sign-in codes are hashed with; instances that share a database must share it (else DATA_DIR/secrets.json). */
  OTP_PEPPER: unsetIfEmpty(z.string().min(32, 'OTP_PEPPER must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(30)
    .default(15 * 60),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  /** How often each open socket's session and class rooms are checked again. */
  SOCKET_CHECK_SECONDS: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  APP_NAME: z.string().default('Cue'),
  /** smtp(s)://user:pass@host:port; without it emails are written to DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  EMAIL_FROM: z.string().default('Cue <no-reply@cue.school>'),
  /**
   * The model providers this server offers the chat assistant: `local` (offline, our own engine) only,
   * or also `openai` (any OpenAI-compatible endpoint, LLM_*). A school uses the external provider only
   * when its admin switches it on; until then, and always with `local`, children's data stays here.
   */
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** A vision model of that endpoint for image captions; without it there are no captions. */
  LLM_VISION_MODEL: z.string().optional(),
  /** A speech-to-text model of that endpoint (POST /audio/transcriptions); without it the browser's recognition only. */
  LLM_TRANSCRIBE_MODEL: z.string().optional(),
  /** Chat messages a person may send per minute. */
  AI_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Chat messages a person may send in a minute (every instance together). */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Background jobs (scheduled announcements) run in this instance. */
  RUN_JOBS: bool.default(true),
  /** Public address of the web app, used for OAuth return addresses when a request names none. */
  PUBLIC_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT: z.string().min(1).default('organizations'),
  /** Defaults to the Microsoft identity platform issuer of MICROSOFT_TENANT. */
  MICROSOFT_ISSUER: z.string().url().optional(),
  /**
   * An S3-compatible object store for uploaded files (AWS S3, MinIO...): all of endpoint, bucket and
   * keys, or none of them (files then stay under DATA_DIR/media).
   */
  S3_ENDPOINT: unsetIfEmpty(
    z
      .string()
      .url()
      .refine((v) => /^https?:\/\//.test(v), 'expected an http(s) address, e.g. https://s3.eu-west-3.amazonaws.com')
      .optional(),
  ),
  S3_BUCKET: unsetIfEmpty(z.string().min(3).max(63).optional()),
  S3_ACCESS_KEY: unsetIfEmpty(z.string().optional()),
  S3_SECRET_KEY: unsetIfEmpty(z.string().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Backups (`npm run backup`, and the scheduled one): where they go, how often (hours; 0: never), how many are kept. */
  BACKUP_DIR: unsetIfEmpty(z.string().optional()),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 31)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** The bearer token `GET /metrics` asks for; unset, the metrics are off (404). */
  METRICS_TOKEN: unsetIfEmpty(z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'OTP_TEST_NUMBERS' | 'SEED_DEMO' | 'SEED_DEMO_HISTORY'> {
  SEED_DEMO: boolean;
  SEED_DEMO_HISTORY: boolean;
  otpTestNumbers: Map<string, string>;
  dataDir: string;
  /** BACKUP_DIR, or DATA_DIR/backups. */
  backupDir: string;
  webDist: string;
  /** Where uploaded files go when not to the local disk: set when every S3_* variable is. */
  objectStorage: S3Settings | null;
}

export class ConfigError extends Error {}

const parseTestNumbers = (raw: string): Map<string, string> => {
  const map = new Map<string, string>();
  for (const pair of raw.split(',').filter((p) => p.trim())) {
    const [phone = '', code = ''] = pair.trim().split(':');
    map.set(phone.slice(-10), code);
  }
  return map;
};

/** Reads and validates the environment once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { OTP_TEST_NUMBERS, SEED_DEMO, SEED_DEMO_HISTORY, ...rest } = parsed.data;
  const production = rest.NODE_ENV === 'production';
  // Test numbers take a fixed code: anyone who knows one signs in as its owner. Never in production.
  if (production && OTP_TEST_NUMBERS?.trim()) {
    throw new ConfigError(
      'Invalid configuration:\n  OTP_TEST_NUMBERS: test numbers sign in with a fixed code and are refused when NODE_ENV=production; remove the variable',
    );
  }
  if (production && rest.SEED === 'large') {
    throw new ConfigError(
      'Invalid configuration:\n  SEED: the large demo organization signs in with test codes and is refused when NODE_ENV=production; remove the variable',
    );
  }
  const root = path.resolve(import.meta.dirname, '../../../..');
  const s3 = {
    S3_ENDPOINT: rest.S3_ENDPOINT,
    S3_BUCKET: rest.S3_BUCKET,
    S3_ACCESS_KEY: rest.S3_ACCESS_KEY,
    S3_SECRET_KEY: rest.S3_SECRET_KEY,
  };
  const missing = Object.entries(s3)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  // Half an object store would put files on the local disk of one instance while the operator believes them in the bucket.
  if (missing.length > 0 && missing.length < 4) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: object storage needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY together; set the missing ones, or remove all four to keep files on the local disk`,
    );
  }
  return {
    ...rest,
    SEED_DEMO: SEED_DEMO ?? !production,
    SEED_DEMO_HISTORY: (SEED_DEMO ?? !production) && (SEED_DEMO_HISTORY ?? rest.NODE_ENV === 'development'),
    otpTestNumbers: parseTestNumbers(OTP_TEST_NUMBERS ?? (production ? '' : defaultTestNumbers(rest.SEED))),
    dataDir: path.resolve(rest.DATA_DIR),
    backupDir: path.resolve(rest.BACKUP_DIR ?? path.join(rest.DATA_DIR, 'backups')),
    webDist: path.resolve(rest.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    objectStorage:
      rest.S3_ENDPOINT && rest.S3_BUCKET && rest.S3_ACCESS_KEY && rest.S3_SECRET_KEY
        ? {
            endpoint: rest.S3_ENDPOINT,
            bucket: rest.S3_BUCKET,
            accessKeyId: rest.S3_ACCESS_KEY,
            secretAccessKey: rest.S3_SECRET_KEY,
            region: rest.S3_REGION,
          }
        : null,
  };
}
