import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator for server tests: it makes an ES256 key pair and answers
 * WebAuthn ceremonies the way a browser with a platform authenticator would (attestation
 * "none"), so the server's real WebAuthn checks run on real signatures. Browser tests use
 * Chromium's virtual authenticator instead.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

/** The little CBOR (RFC 8949) that attestation objects and COSE keys need. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64u = (b: Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftPasskey {
  credentialId: string;
  /** The registration answer for options of `challenge`, from a page of `origin`. */
  register(challenge: string, rpId: string, origin: string): Record<string, unknown>;
  /** The sign-in answer; each call counts up the signature counter. */
  assert(challenge: string, rpId: string, origin: string): Record<string, unknown>;
}

export function softPasskey(userHandle = 'user'): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = randomBytes(16);
  let counter = 0;
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const cose = cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const authData = (rpId: string, flags: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentialId: b64u(id),
    register(challenge, rpId, origin) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cose]);
      // UP (0x01), UV (0x04), AT: attested credential data included (0x40).
      const data = authData(rpId, 0x45, attested);
      const attestation = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      );
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', challenge, origin)),
          attestationObject: b64u(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert(challenge, rpId, origin) {
      counter += 1;
      const data = authData(rpId, 0x05);
      const client = clientData('webauthn.get', challenge, origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(client),
          authenticatorData: b64u(data),
          signature: b64u(signature),
          userHandle: b64u(Buffer.from(userHandle)),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
