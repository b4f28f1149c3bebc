import { AppError } from '../http/errors.ts';
import type { AuthService } from './auth.service.ts';

/** Who is making a request. Policies take this, never a raw request. */
export interface Actor {
  uid: string;
  email: string;
  superAdmin: boolean;
  platformOwner: boolean;
  creator: boolean;
  /** How the request signed in: browser session (cookie) or API token; absent outside HTTP. */
  via?: 'browser' | 'token';
}

/**
 * The actor of a request that changes how the account signs in (its email, phone, passkeys, a
 * guest's upgrade): 401 signed out, 403 with an API token, which could otherwise outlive the
 * account's own ways in.
 */
export function browserActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('error.unauthorized', 401);
  if (actor.via === 'token') throw new AppError('error.forbidden', 403);
  return actor;
}

/**
 * The actor of a request that adds a credential to the account (an API token, a passkey, a
 * linked provider): browserActor's checks, then 403 auth.error.guest for a guest, who saves the
 * account first (POST /api/auth/upgrade): a guest has no address of its own to fall back on,
 * and its credentials would outlive the device secret that stands for the account.
 */
export async function fullAccountActor(
  actor: Actor | null,
  auth: Pick<AuthService, 'me'>,
): Promise<Actor> {
  const checked = browserActor(actor);
  if ((await auth.me(checked)).guest) throw new AppError('auth.error.guest', 403);
  return checked;
}
