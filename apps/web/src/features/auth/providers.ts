import type { OauthProvider } from '@cue/contract';
import { ApiError } from '../../lib/api';
import i18n from '../../lib/i18n';

/** The names the server uses for the providers in its messages. */
export const PROVIDER_NAMES: Record<OauthProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

export const PROVIDER_NOT_CONFIGURED = 'PROVIDER_NOT_CONFIGURED';

/**
 * The server's message for a provider that is not set up (503 PROVIDER_NOT_CONFIGURED), in the
 * person's language: 'Google sign-in is not configured on this server'. Null for any other failure.
 */
export function providerFailureText(provider: OauthProvider, err: unknown): string | null {
  if (!(err instanceof ApiError) || err.code !== PROVIDER_NOT_CONFIGURED) return null;
  return i18n.t('account:oauth.notConfigured', { provider: PROVIDER_NAMES[provider], defaultValue: err.message });
}
