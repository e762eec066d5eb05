import { ERROR_CODES, MESSAGES, type PhoneVerificationResponse } from '@cue/contract';
import { notFound } from '../../platform/errors.js';
import type { UserService } from '../users/service.js';
import type { OtpService } from './otp-service.js';
import type { SessionService } from './session-service.js';

type LoginResult = PhoneVerificationResponse['result'];

/** Turns a verified phone number into sessions: staff, parent, or both for a dual-role person. */
export class SignInService {
  constructor(
    private readonly otp: OtpService,
    private readonly sessions: SessionService,
    private readonly users: UserService,
  ) {}

  async withPhone(otpToken: string, phoneNumber: string): Promise<LoginResult> {
    const phone = await this.otp.consumeToken(otpToken, phoneNumber);
    const [staff, parent] = await Promise.all([this.users.findStaffByPhone(phone), this.users.findParentByPhone(phone)]);
    if (!staff && !parent) throw notFound(MESSAGES.phoneNotRegistered, ERROR_CODES.phoneNotRegistered);
    const result: LoginResult = {};
    if (staff) {
      const details = await this.users.staffDetails(staff.userId, staff.schoolId);
      if (details)
        result.staff_user = { ...(await this.sessions.start(staff.userId, 'staff', staff.schoolId)), user_details: details };
    }
    if (parent) {
      const details = await this.users.parentDetails(parent.userId);
      if (details) result.parent_user = { ...(await this.sessions.start(parent.userId, 'parent', null)), user_details: details };
    }
    return result;
  }
}
