import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { JWTPayload } from 'jose';
import type { OidcProviderConfig } from '../auth/oidcConfig.ts';

export interface TestIdTokenIssuer {
  /** The issuer URL (http://127.0.0.1:port), as OIDC_<ID>_ISSUER. */
  issuer: string;
  clientId: string;
  /** The issuer as the server's `oidc` configuration names it: the provider `google`. */
  provider: OidcProviderConfig;
  /**
   * An ID token signed with the issuer's key (RS256, the key id its JWKS lists): `iss`, `aud`,
   * `iat` and `exp` (in ten minutes) filled in, then `claims` over them. `sign: 'other'` signs with
   * a key the JWKS does not hold, under the same key id (a forged signature).
   */
  mint(claims: JWTPayload, options?: { sign?: 'own' | 'other'; now?: number }): Promise<string>;
  /** How many times the JWKS was read. */
  jwksReads(): number;
  close(): Promise<void>;
}

/**
 * A minimal OpenID issuer on a free local port, as Google is to One Tap: its discovery document
 * and its JWKS (one RSA public key), and a signer of ID tokens with the matching private key.
 */
export async function startTestIdTokenIssuer(
  clientId = 'rada-onetap.apps.example',
): Promise<TestIdTokenIssuer> {
  const own = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const kid = 'test-key-1';
  const jwk = { ...(await exportJWK(own.publicKey)), kid, alg: 'RS256', use: 'sig' };
  let reads = 0;
  const server = http.createServer((req, res) => {
    const send = (body: unknown) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    };
    if (req.url === '/.well-known/openid-configuration') {
      return send({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code', 'id_token'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      });
    }
    if (req.url === '/jwks') {
      reads++;
      return send({ keys: [jwk] });
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    clientId,
    provider: {
      id: 'google',
      issuer,
      clientId,
      clientSecret: 'unused',
      label: 'Google',
      icon: null,
    },
    async mint(claims, options = {}) {
      const now = Math.floor((options.now ?? Date.now()) / 1000);
      return new SignJWT({ iss: issuer, aud: clientId, iat: now, exp: now + 600, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .sign(options.sign === 'other' ? other.privateKey : own.privateKey);
    },
    jwksReads: () => reads,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
