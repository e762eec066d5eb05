import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface LocalOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (oidc-provider) standing in for Google or Microsoft:
 * its sign-in form takes any email as the login, and that email is the identity it vouches for.
 */
export async function startOidcProvider(clients: OidcClient[], port = 0): Promise<LocalOidcProvider> {
  let issuer = `http://127.0.0.1:${port}`;
  const build = (iss: string) =>
    new Provider(iss, {
      clients: clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'] })),
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: async (_ctx: KoaContextWithOIDC, id: string) => ({
        accountId: id,
        claims: async () => ({ sub: id, email: id, email_verified: true, name: id.split('@')[0] }),
      }),
      // Consent is implied for these test clients: the grant is created on first sign-in.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const session = ctx.oidc.session;
        const client = ctx.oidc.client;
        if (!session?.accountId || !client) return undefined;
        const existing = session.grantIdFor(client.clientId);
        if (existing) return ctx.oidc.provider.Grant.find(existing);
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['local-oidc-provider-test-key'] },
    });
  if (port === 0) {
    // Find a free port first: the issuer URL must name it.
    const probe = build(issuer).listen(0);
    await new Promise((r) => probe.once('listening', r));
    port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    issuer = `http://127.0.0.1:${port}`;
  }
  const server = build(issuer).listen(port, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { issuer, close: () => new Promise((r) => server.close(() => r())) };
}

/** Plays the browser through the provider's sign-in form; returns the return URL with code and state. */
export async function signInAtProvider(authorizeUrl: string, email: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let url = new URL(authorizeUrl);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    remember(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== new URL(authorizeUrl).origin) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!prompt) throw new Error(`provider stopped at ${url}: ${res.status} ${html.slice(0, 300)}`);
    body = new URLSearchParams(prompt === 'login' ? { prompt, login: email, password: 'any' } : { prompt });
  }
  throw new Error('too many redirects at the provider');
}
