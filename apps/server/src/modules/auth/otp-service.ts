import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  COUNTRY_CODE,
  ERROR_CODES,
  MESSAGES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
} from '@cue/contract';
import type { TokenService } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, notFound, tooMany } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { SmsProvider } from '../../platform/sms/provider.js';
import type { UserService } from '../users/service.js';
import * as repo from './repo.js';

/** How long the token handed out by /otp/verify may be exchanged for a session. */
export const OTP_TOKEN_TTL_SECONDS = 5 * 60;

/**
 * Phone one-time codes: sent, resent, checked. Codes are stored only as HMACs; a request allows
 * OTP_MAX_ATTEMPTS tries and lives OTP_TTL_SECONDS. Configured test numbers take a fixed code, send no
 * message and so spend no SMS quota.
 */
export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly sms: SmsProvider,
    private readonly tokens: TokenService,
    private readonly users: UserService,
    private readonly pepper: string,
  ) {}

  private hash(requestId: string, code: string): string {
    return createHmac('sha256', this.pepper).update(`${requestId}:${code}`).digest('base64url');
  }

  private newCode(phone: string): { code: string; testNumber: boolean } {
    const fixed = this.config.otpTestNumbers.get(phone);
    if (fixed) return { code: fixed, testNumber: true };
    return { code: String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0'), testNumber: false };
  }

  private async checkSendQuota(phone: string, ip: string): Promise<void> {
    const since = new Date(this.clock.now().getTime() - this.config.OTP_WINDOW_MINUTES * 60_000);
    const [byPhone, byIp] = await Promise.all([
      repo.countDeliveredSince(this.db, { phone }, since),
      repo.countDeliveredSince(this.db, { ip }, since),
    ]);
    if (byPhone >= this.config.OTP_SENDS_PER_PHONE || byIp >= this.config.OTP_SENDS_PER_IP)
      throw tooMany(MESSAGES.otpRateLimited);
  }

  private async deliver(phone: string, code: string): Promise<void> {
    await this.sms.send(
      `${COUNTRY_CODE}${phone}`,
      `${code} is your ${this.config.APP_NAME} sign-in code. It expires in 10 minutes.`,
    );
  }

  /** Returns the request id. */
  async send(phno: string, ip: string): Promise<string> {
    const phone = phno.slice(COUNTRY_CODE.length);
    if (!(await this.users.isPhoneRegistered(phone))) throw notFound(MESSAGES.phoneNotRegistered, ERROR_CODES.phoneNotRegistered);
    const { code, testNumber } = this.newCode(phone);
    if (!testNumber) await this.checkSendQuota(phone, ip);
    const id = newId();
    const now = this.clock.now();
    await repo.insertOtpRequest(this.db, {
      id,
      phone,
      codeHash: this.hash(id, code),
      requestIp: ip,
      delivered: !testNumber,
      lastSentAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    });
    if (!testNumber) await this.deliver(phone, code);
    return id;
  }

  async resend(requestId: string, ip: string): Promise<string> {
    const request = await repo.findOtpRequest(this.db, requestId);
    if (!request || request.verifiedAt) throw notFound(MESSAGES.requestIdNotFound, ERROR_CODES.requestIdNotFound);
    const now = this.clock.now();
    const notBefore = new Date(now.getTime() - OTP_RESEND_SECONDS * 1000);
    if (request.lastSentAt > notBefore) throw tooMany(MESSAGES.otpResendTooSoon, ERROR_CODES.otpResendTooSoon);
    const { code, testNumber } = this.newCode(request.phone);
    if (!testNumber) await this.checkSendQuota(request.phone, ip);
    const updated = await repo.resendOtp(
      this.db,
      requestId,
      this.hash(requestId, code),
      now,
      notBefore,
      new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    );
    if (!updated) throw tooMany(MESSAGES.otpResendTooSoon, ERROR_CODES.otpResendTooSoon);
    if (!testNumber) await this.deliver(request.phone, code);
    return requestId;
  }

  /** Checks the code and returns a signed, single-use token for the phone-verification call. */
  async verify(requestId: string, otp: string): Promise<string> {
    const request = await repo.findOtpRequest(this.db, requestId);
    if (!request) throw notFound(MESSAGES.requestIdNotFound, ERROR_CODES.requestIdNotFound);
    if (request.verifiedAt) throw new AppError(400, MESSAGES.otpAlreadyUsed, ERROR_CODES.otpAlreadyUsed);
    if (request.expiresAt <= this.clock.now()) throw new AppError(400, MESSAGES.otpExpired, ERROR_CODES.otpExpired);
    const attempt = await repo.takeOtpAttempt(this.db, requestId, OTP_MAX_ATTEMPTS);
    if (!attempt) throw tooMany(MESSAGES.otpTooManyAttempts, ERROR_CODES.otpTooManyAttempts);
    const expected = Buffer.from(attempt.codeHash);
    const given = Buffer.from(this.hash(requestId, otp));
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      const left = OTP_MAX_ATTEMPTS - attempt.attempts;
      throw new AppError(400, MESSAGES.invalidOtp, ERROR_CODES.invalidOtp, [
        { field: 'otp', message: left > 0 ? `${left} attempt${left === 1 ? '' : 's'} left` : 'No attempts left' },
      ]);
    }
    if (!(await repo.markOtpVerified(this.db, requestId, this.clock.now())))
      throw new AppError(400, MESSAGES.otpAlreadyUsed, ERROR_CODES.otpAlreadyUsed);
    return this.tokens.signOtp({ phone: request.phone, requestId }, OTP_TOKEN_TTL_SECONDS);
  }

  /** Exchanges the OTP token once; returns the verified phone number. */
  async consumeToken(token: string, phone: string): Promise<string> {
    const verified = await this.tokens.verifyOtp(token);
    const invalid = () => new AppError(401, MESSAGES.invalidOtpToken, ERROR_CODES.invalidToken);
    if (!verified.ok || verified.claims.phone !== phone) throw invalid();
    if (!(await repo.consumeOtp(this.db, verified.claims.requestId, phone, this.clock.now()))) throw invalid();
    return phone;
  }
}
