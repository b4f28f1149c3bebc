import type { TFunction } from 'i18next';
import { ApiError } from '../api/client.ts';

/** The translation key for any thrown value: an ApiError's key, else error.unknown. */
export function errorKey(error: unknown): string {
  if (error instanceof ApiError) return error.key;
  return 'error.unknown';
}

/** The translated message for any thrown value; unknown keys fall back to error.unknown. */
export function errorText(t: TFunction, error: unknown): string {
  return t(errorKey(error), { defaultValue: t('error.unknown') });
}
