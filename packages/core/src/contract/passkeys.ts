import type { Declarations } from './route.ts';

/** Passkeys (WebAuthn). */
export const passkeysContract = {} as const satisfies Declarations<never>;
