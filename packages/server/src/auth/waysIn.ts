import { AppError } from '../http/errors.ts';
import type { Repos } from '../db/store.ts';

/**
 * Refuses (409 auth.error.lastmethod) a change that would leave `userId` no way into the account:
 * no password, passkey or linked provider after `removing` of them go, and no sign-in links by
 * email on this server. Call inside the change's transaction.
 */
export async function keepAWayIn(
  repos: Repos,
  userId: string,
  removing: number,
  emailLinks: boolean,
): Promise<void> {
  if (emailLinks) return;
  const user = await repos.users.findById(userId);
  const ways =
    (user?.password_hash ? 1 : 0) +
    (await repos.passkeys.listOf(userId)).length +
    (await repos.oidc.identitiesOf(userId)).length;
  if (ways - removing <= 0) throw new AppError('auth.error.lastmethod', 409);
}
