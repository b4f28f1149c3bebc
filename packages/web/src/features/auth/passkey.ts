import type { AddPasskeyBody, Me, PasskeyView } from '@rada/core';
import type { TFunction } from 'i18next';
import { ApiError, api } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';

/** Whether this browser can use passkeys at all (WebAuthn). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's credential JSON as the API's body takes it (checked again by the server). */
const asCredential = (credential: unknown) => credential as AddPasskeyBody['credential'];

/**
 * Signs in with a passkey: the server's challenge, the browser's prompt (any passkey of this
 * site), the server's check. The WebAuthn helper loads only when used.
 */
export async function signInWithPasskey(): Promise<Me> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.passkeySignInOptions();
  const credential = await startAuthentication({ optionsJSON });
  return api.passkeySignIn({ credential: asCredential(credential) });
}

/** Makes a passkey on this device for the signed-in account and registers it as `name`. */
export async function createPasskey(name: string): Promise<PasskeyView> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await api.passkeyOptions();
  const credential = await startRegistration({ optionsJSON });
  return api.addPasskey({ name, credential: asCredential(credential) });
}

/**
 * What went wrong, in words: the server's refusal by its key, else the browser's own (the prompt
 * was closed or timed out, no authenticator answered).
 */
export function passkeyErrorText(t: TFunction, error: unknown): string {
  return error instanceof ApiError ? errorText(t, error) : t('auth.passkey.prompt');
}
