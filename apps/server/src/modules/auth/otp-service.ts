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
import type { Db, Queryable } from '../../platform/db/client.js';
import { AppError, notFound, tooMany } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { SmsProvider } from '../../platform/sms/provider.js';
import type { UserService } from '../users/service.js';
import * as repo from './repo.js';

/** How long the token handed out by /otp/verify may be exchanged for a session. */
export const OTP_TOKEN_TTL_SECONDS = 5 * 60;

/** What a code check decided, inside its transaction; thrown as an answer only after it committed. */
type Verdict =
  | { kind: 'locked'; minutes: number }
  | { kind: 'exhausted' }
  | { kind: 'wrong'; left: number }
  | { kind: 'used' }
  | { kind: 'ok' };

const wrongCodesKey = (phone: string) => `otp-wrong:${phone}`;
const lookupsKey = (ip: string) => `phone-lookups:${ip}`;
const checksKey = (phone: string) => `phone-check:${phone}`;

/**
 * Phone one-time codes: sent, resent, checked. Codes are stored only as HMACs; a request allows
 * OTP_MAX_ATTEMPTS tries and lives OTP_TTL_SECONDS. Configured test numbers take a fixed code, send no
 * message and so spend no SMS quota.
 *
 * The limits live in the database, so they hold across server instances: real sends per number and
 * per address are counted and recorded under per-number and per-address locks (one transaction);
 * wrong codes are counted per number across all its requests, and a number that reached
 * OTP_WRONG_CODES_PER_PHONE is locked for the rest of the window; answers that reveal whether a
 * number is registered are counted per address (decision 3).
 */
export class OtpService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly sms: SmsProvider,
    private readonly tokens: TokenService,
    readonly _users: UserService,
    private readonly pepper: string,
    /** Emails the code to the person (EmailTemplateService.sendSignInCode); false when they have no address. */
    private readonly emailCode?: (person: { userId: string; code: string; minutes: number; appName: string }) => Promise<boolean>,
  ) {}

  private hash(requestId: string, code: string): string {
    return createHmac('sha256', this.pepper).update(`${requestId}:${code}`).digest('base64url');
  }

  private newCode(phone: string): { code: string; testNumber: boolean } {
    const fixed = this.config.otpTestNumbers.get(phone);
    if (fixed) return { code: fixed, testNumber: true };
    return { code: String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0'), testNumber: false };
  }

  private windowStart(minutes: number): Date {
    return new Date(this.clock.now().getTime() - minutes * 60_000);
  }

  /**
   * Inside a transaction: takes the number's and the address's locks, then answers whether one more
   * real message fits both limits. The caller records the send in the same transaction.
   */
  private async sendAllowed(tx: Queryable, phone: string, ip: string): Promise<boolean> {
    await repo.lockOtpPhone(tx, phone);
    await repo.lockOtpAddress(tx, ip);
    const since = this.windowStart(this.config.OTP_WINDOW_MINUTES);
    const byPhone = await repo.countDeliveredSince(tx, { phone }, since);
    const byIp = await repo.countDeliveredSince(tx, { ip }, since);
    return byPhone < this.config.OTP_SENDS_PER_PHONE && byIp < this.config.OTP_SENDS_PER_IP;
  }

  /** Minutes until a number locked by wrong codes may try again; 0 when it is not locked. */
  private async lockedMinutes(q: Queryable, phone: string): Promise<number> {
    const windowMs = this.config.OTP_WRONG_CODES_WINDOW_MINUTES * 60_000;
    const wrong = await repo.readCounter(q, wrongCodesKey(phone), this.windowStart(this.config.OTP_WRONG_CODES_WINDOW_MINUTES));
    if (!wrong || wrong.count < this.config.OTP_WRONG_CODES_PER_PHONE) return 0;
    const left = wrong.windowStartedAt.getTime() + windowMs - this.clock.now().getTime();
    return Math.max(1, Math.ceil(left / 60_000));
  }

  private lockedError(minutes: number): AppError {
    return tooMany(MESSAGES.otpNumberLocked.replace('{{minutes}}', String(minutes)), ERROR_CODES.otpNumberLocked);
  }

  private async refuseLockedNumber(phone: string): Promise<void> {
    const minutes = await this.lockedMinutes(this.db, phone);
    if (minutes) throw this.lockedError(minutes);
  }

  /** Counts one answer that tells whether a number is registered, against the address's limit. */
  private async takeLookup(ip: string): Promise<void> {
    const since = this.windowStart(this.config.OTP_WINDOW_MINUTES);
    const taken = await repo.takeFromCounter(this.db, lookupsKey(ip), this.config.PHONE_LOOKUPS_PER_IP, this.clock.now(), since);
    if (!taken) throw tooMany(MESSAGES.phoneLookupsRateLimited);
  }

  /** The limits of check_phone_exists: per client address (shared with otp/send's unknown numbers) and per number. */
  async takePhoneCheck(phone: string, ip: string): Promise<void> {
    await this.takeLookup(ip);
    const since = this.windowStart(this.config.OTP_WINDOW_MINUTES);
    const taken = await repo.takeFromCounter(
      this.db,
      checksKey(phone),
      this.config.PHONE_CHECKS_PER_PHONE,
      this.clock.now(),
      since,
    );
    if (!taken) throw tooMany(MESSAGES.phoneLookupsRateLimited);
  }

  /** An address that used up its lookups gets no answer about any number, registered or not. */
  private async refuseSpentLookups(ip: string): Promise<void> {
    const used = await repo.readCounter(this.db, lookupsKey(ip), this.windowStart(this.config.OTP_WINDOW_MINUTES));
    if (used && used.count >= this.config.PHONE_LOOKUPS_PER_IP) throw tooMany(MESSAGES.phoneLookupsRateLimited);
  }

  /**
   * Sends the code by text message. When the SMS provider fails and the person has an email address,
   * the code is emailed instead (the sign_in_code template) and the request goes on as usual; when
   * neither works, the provider's error stands.
   */
  private async deliver(phone: string, code: string): Promise<void> {
    try {
      await this.sms.send(
        `${COUNTRY_CODE}${phone}`,
        `${code} is your ${this.config.APP_NAME} sign-in code. It expires in 10 minutes.`,
      );
    } catch (err) {
      if (!this.emailCode) throw err;
      const person = (await repo.findStaffByPhone(this.db, phone)) ?? (await repo.findParentByPhone(this.db, phone));
      const emailed = person
        ? await this.emailCode({
            userId: person.userId,
            code,
            minutes: Math.round(OTP_TTL_SECONDS / 60),
            appName: this.config.APP_NAME,
          }).catch(() => false)
        : false;
      if (!emailed) throw err;
    }
  }

  /** Returns the request id. */
  async send(phno: string, ip: string): Promise<string> {
    const phone = phno.slice(COUNTRY_CODE.length);
    const { code, testNumber } = this.newCode(phone);
    if (!testNumber) await this.refuseSpentLookups(ip);
    if (!(await repo.isPhoneRegistered(this.db, phone))) {
      await this.takeLookup(ip);
      throw notFound(MESSAGES.phoneNotRegistered, ERROR_CODES.phoneNotRegistered);
    }
    await this.refuseLockedNumber(phone);
    const id = newId();
    const now = this.clock.now();
    const row = {
      id,
      phone,
      codeHash: this.hash(id, code),
      requestIp: ip,
      delivered: !testNumber,
      lastSentAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    };
    if (testNumber) {
      await repo.insertOtpRequest(this.db, row);
      return id;
    }
    const sent = await this.db.transaction(async (tx) => {
      if (!(await this.sendAllowed(tx, phone, ip))) return false;
      await repo.insertOtpRequest(tx, row);
      return true;
    });
    if (!sent) throw tooMany(MESSAGES.otpRateLimited);
    await this.deliver(phone, code);
    return id;
  }

  async resend(requestId: string, ip: string): Promise<string> {
    const request = await repo.findOtpRequest(this.db, requestId);
    if (!request || request.verifiedAt) throw notFound(MESSAGES.requestIdNotFound, ERROR_CODES.requestIdNotFound);
    const now = this.clock.now();
    const notBefore = new Date(now.getTime() - OTP_RESEND_SECONDS * 1000);
    if (request.lastSentAt > notBefore) throw tooMany(MESSAGES.otpResendTooSoon, ERROR_CODES.otpResendTooSoon);
    await this.refuseLockedNumber(request.phone);
    const { code, testNumber } = this.newCode(request.phone);
    const expiresAt = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
    const outcome = await this.db.transaction(async (tx) => {
      if (!testNumber && !(await this.sendAllowed(tx, request.phone, ip))) return 'limited' as const;
      const updated = await repo.resendOtp(tx, requestId, this.hash(requestId, code), now, notBefore, expiresAt);
      return updated ? ('sent' as const) : ('tooSoon' as const);
    });
    if (outcome === 'limited') throw tooMany(MESSAGES.otpRateLimited);
    if (outcome === 'tooSoon') throw tooMany(MESSAGES.otpResendTooSoon, ERROR_CODES.otpResendTooSoon);
    if (!testNumber) await this.deliver(request.phone, code);
    return requestId;
  }

  /**
   * Checks the code and returns a signed, single-use token for the phone-verification call. The check
   * runs under the number's lock, so parallel guesses are counted one after another: once the number
   * has had OTP_WRONG_CODES_PER_PHONE wrong codes in the window, every code is refused, the right one too.
   */
  async verify(requestId: string, otp: string): Promise<string> {
    const request = await repo.findOtpRequest(this.db, requestId);
    if (!request) throw notFound(MESSAGES.requestIdNotFound, ERROR_CODES.requestIdNotFound);
    if (request.verifiedAt) throw new AppError(400, MESSAGES.otpAlreadyUsed, ERROR_CODES.otpAlreadyUsed);
    if (request.expiresAt <= this.clock.now()) throw new AppError(400, MESSAGES.otpExpired, ERROR_CODES.otpExpired);
    const { phone } = request;
    const limit = this.config.OTP_WRONG_CODES_PER_PHONE;
    const verdict = await this.db.transaction(async (tx): Promise<Verdict> => {
      await repo.lockOtpPhone(tx, phone);
      const minutes = await this.lockedMinutes(tx, phone);
      if (minutes) return { kind: 'locked', minutes };
      const attempt = await repo.takeOtpAttempt(tx, requestId, OTP_MAX_ATTEMPTS);
      if (!attempt) return { kind: 'exhausted' };
      const expected = Buffer.from(attempt.codeHash);
      const given = Buffer.from(this.hash(requestId, otp));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        const now = this.clock.now();
        const since = this.windowStart(this.config.OTP_WRONG_CODES_WINDOW_MINUTES);
        const wrong = await repo.takeFromCounter(tx, wrongCodesKey(phone), limit, now, since);
        const forNumber = limit - (wrong?.count ?? limit);
        return { kind: 'wrong', left: Math.min(OTP_MAX_ATTEMPTS - attempt.attempts, forNumber) };
      }
      return (await repo.markOtpVerified(tx, requestId, this.clock.now())) ? { kind: 'ok' } : { kind: 'used' };
    });
    switch (verdict.kind) {
      case 'locked':
        throw this.lockedError(verdict.minutes);
      case 'exhausted':
        throw tooMany(MESSAGES.otpTooManyAttempts, ERROR_CODES.otpTooManyAttempts);
      case 'wrong': {
        const { left } = verdict;
        throw new AppError(400, MESSAGES.invalidOtp, ERROR_CODES.invalidOtp, [
          { field: 'otp', message: left > 0 ? `${left} attempt${left === 1 ? '' : 's'} left` : 'No attempts left' },
        ]);
      }
      case 'used':
        throw new AppError(400, MESSAGES.otpAlreadyUsed, ERROR_CODES.otpAlreadyUsed);
    }
    return this.tokens.signOtp({ phone, requestId }, OTP_TOKEN_TTL_SECONDS);
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
