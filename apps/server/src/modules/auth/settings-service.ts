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

  /** An installation-wide setting (such as a maintenance window), or null when never set. */
  async setting<T>(key: string): Promise<T | null> {
    return (await repo.getSetting<T>(this.db, key)) ?? null;
  }

  async putSetting(key: string, value: unknown): Promise<void> {
    await repo.putSetting(this.db, key, value);
  }

  async setPhoneLoginEnabled(enabled: boolean): Promise<void> {
    await repo.putSetting(this.db, PHONE_LOGIN_KEY, enabled);
    this.phoneLogin = enabled;
  }
}
