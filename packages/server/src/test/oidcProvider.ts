import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestOidcProvider {
  /** The issuer URL (http://127.0.0.1:port), as OIDC_<ID>_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Walks the provider's pages as a browser would, from the authorization URL: signs in as
   * `login` and consents, with plain HTTP requests and a cookie jar; answers the URL the
   * provider sends the browser back to (the redirect URI with `code`, `state`, `iss`).
   */
  authorize(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * The claims of an account of the test provider, from its login name (the dev login page takes
 * any): `alice@example.org` has that email, verified; `unverified:bob@example.org` has the email
 * unverified; `noemail:carol` has none. The subject is the whole login.
 */
export function testClaims(login: string): Record<string, unknown> {
  const [kind, rest] = login.includes(':') ? login.split(':', 2) : ['', login];
  const name = (rest ?? '').split('@')[0] ?? '';
  if (kind === 'noemail') return { sub: login, name };
  return { sub: login, email: rest, email_verified: kind !== 'unverified', name: `${name} OIDC` };
}

/**
 * A real OpenID provider (`oidc-provider` from npm) on a free local port, with one confidential
 * client whose redirect URIs are `redirectUris`; PKCE required; its development login and consent
 * pages (HTML forms) are the interaction, which a browser or `authorize` fills in.
 */
export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'rada-test';
  const clientSecret = 'rada-test-secret-0123456789abcdef';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The scopes' claims in the ID token too, as Google's are.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['rada-test-provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => testClaims(id) as { sub: string },
    }),
  });
  handler = provider.callback();

  async function authorize(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        const name = pair!.slice(0, eq).trim();
        const value = pair!.slice(eq + 1).trim();
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(name);
        else jar.set(name, value);
      }
    };
    let url = authorizationUrl;
    let body: URLSearchParams | null = null;
    for (let step = 0; step < 20; step++) {
      const res: Response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: body?.toString(),
      });
      keep(res);
      body = null;
      const location = res.headers.get('location');
      if (location) {
        const next = new URL(location, url);
        if (!next.href.startsWith(issuer)) return next;
        url = next.href;
        continue;
      }
      const html: string = await res.text();
      if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html}`);
      const action: string | undefined = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      const prompt: string | undefined = /name="prompt" value="([a-z]+)"/.exec(html)?.[1];
      if (!action || !prompt) throw new Error(`not an interaction page: ${html.slice(0, 300)}`);
      url = new URL(action.replace(/&amp;/g, '&'), url).href;
      body = new URLSearchParams({ prompt });
      if (prompt === 'login') {
        body.set('login', login);
        body.set('password', 'any');
      }
    }
    throw new Error('the provider did not send the browser back');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
