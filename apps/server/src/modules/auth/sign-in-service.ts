import { ERROR_CODES, MESSAGES, type OauthProvider, type PhoneVerificationResponse } from '@cue/contract';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import type { UserService } from '../users/service.js';
import type { OauthService } from './oauth-service.js';
import type { OtpService } from './otp-service.js';
import * as repo from './repo.js';
import type { SessionService } from './session-service.js';

type LoginResult = PhoneVerificationResponse['result'];

/** Turns a verified identity (phone or provider email) into sessions: staff, parent, or both. */
export class SignInService {
  constructor(
    private readonly db: Db,
    private readonly otp: OtpService,
    private readonly oauth: OauthService,
    private readonly sessions: SessionService,
    private readonly users: UserService,
    /** Told of every staff sign-in, and waited for (the usage report counts them; the school's audit log keeps them). */
    private readonly onStaffSignIn: (userId: string, schoolId: string, method: string) => Promise<void> | void = () => {},
    /** Told of every parent sign-in with the schools of their children, and waited for (each school's audit log keeps it). */
    private readonly onParentSignIn: (userId: string, schoolIds: string[], method: string) => Promise<void> | void = () => {},
  ) {}

  private async issue(
    staff: { userId: string; schoolId: string } | null,
    parent: { userId: string } | null,
    missing: () => Error,
    method: string,
  ): Promise<LoginResult> {
    if (!staff && !parent) throw missing();
    const result: LoginResult = {};
    if (staff) {
      const details = await this.users.staffDetails(staff.userId, staff.schoolId);
      if (details) {
        result.staff_user = { ...(await this.sessions.start(staff.userId, 'staff', staff.schoolId)), user_details: details };
        await this.onStaffSignIn(staff.userId, staff.schoolId, method);
      }
    }
    if (parent) {
      const details = await this.users.parentDetails(parent.userId);
      if (details) {
        result.parent_user = { ...(await this.sessions.start(parent.userId, 'parent', null)), user_details: details };
        await this.onParentSignIn(parent.userId, await repo.parentSchoolIds(this.db, parent.userId), method);
      }
    }
    return result;
  }

  /**
   * check_phone_exists: whether a number belongs to a parent or staff member. The answer tells anyone
   * who holds an account, so it is limited per client address and per number (decision 3).
   */
  async phoneExists(phone: string, ip: string): Promise<boolean> {
    await this.otp.takePhoneCheck(phone, ip);
    return repo.isPhoneRegistered(this.db, phone);
  }

  async withPhone(otpToken: string, phoneNumber: string): Promise<LoginResult> {
    const phone = await this.otp.consumeToken(otpToken, phoneNumber);
    const [staff, parent] = await Promise.all([repo.findStaffByPhone(this.db, phone), repo.findParentByPhone(this.db, phone)]);
    return this.issue(staff, parent, () => notFound(MESSAGES.phoneNotRegistered, ERROR_CODES.phoneNotRegistered), 'phone');
  }

  async withProvider(provider: OauthProvider, code: string, state: string, iss?: string): Promise<LoginResult> {
    const { email } = await this.oauth.exchange(provider, code, state, iss);
    const [staff, parent] = await Promise.all([repo.findStaffByEmail(this.db, email), repo.findParentByEmail(this.db, email)]);
    return this.issue(staff, parent, () => notFound(MESSAGES.userDoesNotExist, ERROR_CODES.userDoesNotExist), provider);
  }
}
