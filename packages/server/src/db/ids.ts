import { createHash, randomBytes, randomFillSync } from 'node:crypto';

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

// Random bytes for time ids, drawn a page at a time: one call per id cost a stored location
// batch more than its id was worth (bench fanout).
const pool = Buffer.alloc(4096);
let drawn = pool.length;

/** A time-ordered id for log rows: milliseconds in base 36 padded, then randomness. */
export function timeId(now: number): string {
  if (drawn + 6 > pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  drawn += 6;
  return now.toString(36).padStart(9, '0') + pool.toString('base64url', drawn - 6, drawn);
}
