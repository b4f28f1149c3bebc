import type { Declarations } from './route.ts';

/** OpenID Connect providers: sign-in and linked identities. */
export const oidcContract = {} as const satisfies Declarations<never>;
