/**
 * The end-to-end journeys' stand-in for Google and Microsoft: a real OpenID Connect provider
 * (oidc-provider) on loopback, the same one the server's integration tests use. Its sign-in form takes
 * any email as the login and any password. Started by Playwright as a web server:
 *   node --import tsx e2e/oidc-server.ts
 * Ports: CUE_E2E_PORT (3199) for the app it sends people back to, CUE_E2E_OIDC_PORT (one below) for the provider.
 */
import { startOidcProvider } from '../apps/server/test/oidc.js';

const appPort = Number(process.env.CUE_E2E_PORT ?? 3199);
const port = Number(process.env.CUE_E2E_OIDC_PORT ?? appPort - 1);
const appOrigin = `http://localhost:${appPort}`;

// The provider warns that its quick-start storage, keys and forms are for development: exactly this use.
const warn = console.warn;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING')) return;
  warn(...args);
};

const provider = await startOidcProvider(
  [
    { client_id: 'google-client', client_secret: 'google-secret', redirect_uris: [`${appOrigin}/google_login_verify`] },
    { client_id: 'ms-client', client_secret: 'ms-secret', redirect_uris: [`${appOrigin}/microsoft_login_verify`] },
  ],
  port,
);
console.log(`OpenID Connect provider at ${provider.issuer}, returning to ${appOrigin}`);

const stop = () => {
  void provider.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
