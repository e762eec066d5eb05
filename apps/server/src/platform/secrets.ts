import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.js';

export interface Secrets {
  jwtSecret: Uint8Array;
  otpPepper: string;
}

interface StoredSecrets {
  jwt_secret: string;
  otp_pepper: string;
}

/**
 * Secrets come from the environment when given; otherwise they are generated once into
 * DATA_DIR/secrets.json (mode 600) so that sessions survive restarts.
 */
export function loadSecrets(config: Config): Secrets {
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: StoredSecrets | undefined;
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  } else {
    stored = { jwt_secret: randomBytes(48).toString('base64url'), otp_pepper: randomBytes(32).toString('base64url') };
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: new TextEncoder().encode(config.JWT_SECRET ?? stored.jwt_secret),
    otpPepper: config.OTP_PEPPER ?? stored.otp_pepper,
  };
}

/** Secrets for tests and benchmarks that must not touch the disk. */
export const ephemeralSecrets = (): Secrets => ({
  jwtSecret: randomBytes(48),
  otpPepper: randomBytes(32).toString('base64url'),
});
