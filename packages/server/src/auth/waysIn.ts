import { isPlaceholderEmail } from '@rada/core';
import { AppError } from '../http/errors.ts';
import type { Repos } from '../db/store.ts';

/** The ways in this server offers besides what an account stores (links by email, SMS codes). */
export interface ServerWaysIn {
  /** Sign-in links by email are sent (SMTP_URL and PUBLIC_URL). */
  emailLinks: boolean;
  /** Sign-in codes by SMS are sent (SMS_GATEWAY_URL). */
  phoneCodes: boolean;
}

/** What a change takes away from an account. */
export interface Removing {
  passkeys?: number;
  identities?: number;
  phone?: boolean;
}

/**
 * Refuses (409 auth.error.lastmethod) a change that would leave `userId` no way into the
 * account: after `removing` goes, no password, passkey or linked provider, no real email while
 * the server sends sign-in links, and no phone while it sends codes. Call inside the change's
 * transaction.
 */
export async function keepAWayIn(
  repos: Repos,
  userId: string,
  removing: Removing,
  server: ServerWaysIn,
): Promise<void> {
  const user = await repos.users.findById(userId);
  if (!user) return;
  if (server.emailLinks && !isPlaceholderEmail(user.email)) return;
  if (server.phoneCodes && user.phone && !removing.phone) return;
  const ways =
    (user.password_hash ? 1 : 0) +
    (await repos.passkeys.listOf(userId)).length -
    (removing.passkeys ?? 0) +
    (await repos.oidc.identitiesOf(userId)).length -
    (removing.identities ?? 0);
  if (ways <= 0) throw new AppError('auth.error.lastmethod', 409);
}
