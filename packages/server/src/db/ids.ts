import { createHash, randomBytes } from 'node:crypto';

/** A random id (20 URL-safe characters), like the product's existing user ids. */
export function newId(): string {
  return randomBytes(15).toString('base64url');
}

/** A secret token for a session or an API token (43 URL-safe characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A time-ordered id for log rows: milliseconds in base 36 padded, then randomness. */
export function timeId(now: number): string {
  return now.toString(36).padStart(9, '0') + randomBytes(6).toString('base64url');
}
