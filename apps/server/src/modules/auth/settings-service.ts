import type { Db } from '../../platform/db/client.js';
import * as repo from './repo.js';

const PHONE_LOGIN_KEY = 'phone_login_enabled';

/** Installation-wide sign-in settings, read on every visit to the login page, kept in memory. */
export class AuthSettingsService {
  private phoneLogin: boolean | undefined;

  constructor(private readonly db: Db) {}

  async phoneLoginEnabled(): Promise<boolean> {
    if (this.phoneLogin === undefined) this.phoneLogin = (await repo.getSetting<boolean>(this.db, PHONE_LOGIN_KEY)) ?? true;
    return this.phoneLogin;
  }

  async setPhoneLoginEnabled(enabled: boolean): Promise<void> {
    await repo.putSetting(this.db, PHONE_LOGIN_KEY, enabled);
    this.phoneLogin = enabled;
  }
}
