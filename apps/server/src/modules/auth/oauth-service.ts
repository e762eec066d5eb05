import { ACCOUNT_MESSAGES, ERROR_CODES, MESSAGES, OAUTH_RETURN_PATHS, type OauthProvider } from '@cue/contract';
import * as oidc from 'openid-client';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import * as repo from './repo.js';

const STATE_TTL_MS = 10 * 60_000;
const LABEL: Record<OauthProvider, string> = { google: 'Google', microsoft: 'Microsoft' };

interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A verified identity from a provider: the email it vouches for. */
export interface ProviderIdentity {
  provider: OauthProvider;
  email: string;
}

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

/**
 * Google and Microsoft sign-in by the OAuth 2.0 authorization code flow with PKCE (openid-client).
 * The server keeps the state, nonce and code verifier; the browser only carries the code back.
 * Which provider is real is configuration: the issuer URL, client id and secret.
 */
export class OauthService {
  private readonly configs = new Map<OauthProvider, Promise<oidc.Configuration>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  private settings(provider: OauthProvider): ProviderSettings | null {
    const c = this.config;
    if (provider === 'google') {
      return c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? { issuer: c.GOOGLE_ISSUER, clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET }
        : null;
    }
    return c.MICROSOFT_CLIENT_ID && c.MICROSOFT_CLIENT_SECRET
      ? {
          issuer: c.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${c.MICROSOFT_TENANT}/v2.0`,
          clientId: c.MICROSOFT_CLIENT_ID,
          clientSecret: c.MICROSOFT_CLIENT_SECRET,
        }
      : null;
  }

  isConfigured(provider: OauthProvider): boolean {
    return this.settings(provider) !== null;
  }

  private client(provider: OauthProvider): Promise<oidc.Configuration> {
    const settings = this.settings(provider);
    if (!settings)
      throw new AppError(503, ACCOUNT_MESSAGES.providerNotConfigured(LABEL[provider]), ERROR_CODES.providerNotConfigured);
    let pending = this.configs.get(provider);
    if (!pending) {
      const issuer = new URL(settings.issuer);
      pending = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        // Plain HTTP only for a provider on this machine (tests and local development).
        execute: isLoopback(issuer) && issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      });
      pending.catch(() => this.configs.delete(provider));
      this.configs.set(provider, pending);
    }
    return pending;
  }

  /** The web app's origin: the frontend origin header, else PUBLIC_URL. */
  private origin(frontendOrigin: string | undefined): string {
    const candidate = frontendOrigin ?? this.config.PUBLIC_URL;
    if (!candidate) throw badRequest('The frontend origin header is required', undefined, 'origin');
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      throw badRequest('The frontend origin header is not a valid origin', undefined, 'origin');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url)))
      throw badRequest('The frontend origin must use https', undefined, 'origin');
    return url.origin;
  }

  /** Starts a sign-in: returns the provider's authorize URL. */
  async start(provider: OauthProvider, frontendOrigin: string | undefined): Promise<string> {
    const client = await this.client(provider);
    const redirectUri = `${this.origin(frontendOrigin)}${OAUTH_RETURN_PATHS[provider]}`;
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const now = this.clock.now();
    await repo.purgeExpiredOauthStates(this.db, now);
    await repo.insertOauthState(this.db, {
      id: state,
      provider,
      codeVerifier,
      nonce,
      redirectUri,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return url.href;
  }

  /** Completes a sign-in: exchanges the code and returns the verified email. */
  async exchange(provider: OauthProvider, code: string, state: string, iss?: string): Promise<ProviderIdentity> {
    const client = await this.client(provider);
    const saved = await repo.takeOauthState(this.db, state, provider);
    if (!saved || saved.expiresAt <= this.clock.now())
      throw new AppError(400, ACCOUNT_MESSAGES.oauthStateInvalid, ERROR_CODES.oauthStateInvalid);
    const callback = new URL(saved.redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', state);
    if (iss) callback.searchParams.set('iss', iss);
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(client, callback, {
        pkceCodeVerifier: saved.codeVerifier,
        expectedState: state,
        expectedNonce: saved.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      claims = idToken;
      // Providers that keep the email out of the ID token give it at the userinfo endpoint.
      if (idToken && typeof idToken.email !== 'string' && client.serverMetadata().userinfo_endpoint) {
        claims = { ...idToken, ...(await oidc.fetchUserInfo(client, tokens.access_token, idToken.sub)) };
      }
    } catch (err) {
      throw new AppError(401, ACCOUNT_MESSAGES.oauthFailed, ERROR_CODES.oauthFailed, [
        { field: 'code', message: err instanceof Error ? err.message : String(err) },
      ]);
    }
    const email = [claims?.email, claims?.preferred_username, claims?.upn].find(
      (v): v is string => typeof v === 'string' && v.includes('@'),
    );
    if (!email || claims?.email_verified === false) throw notFound(MESSAGES.userDoesNotExist, ERROR_CODES.userDoesNotExist);
    return { provider, email };
  }
}
