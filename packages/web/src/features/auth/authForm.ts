import { EmailLinkBody, PASSWORD_MIN_LENGTH, SignInBody, SignUpBody } from '@rada/core';

/** Sign in, sign up, ask for a sign-in link by email, ask for a password-reset link. */
export type AuthMode = 'signin' | 'signup' | 'link' | 'reset';

/** The modes whose form is the email address alone. */
export const emailOnly = (mode: AuthMode): boolean => mode === 'link' || mode === 'reset';

export interface AuthFields {
  email: string;
  password: string;
  displayName: string;
}

/** Translation keys of the problems of each field. */
export type AuthFieldErrors = Partial<Record<keyof AuthFields, string>>;

const FIELD_KEYS: Record<keyof AuthFields, (mode: AuthMode, f: AuthFields) => string> = {
  email: () => 'auth.error.bademail',
  password: (mode, f) =>
    mode === 'signin' || f.password.length === 0
      ? 'auth.error.passwordrequired'
      : 'auth.error.shortpassword',
  displayName: () => 'auth.error.namerequired',
};

function isField(name: unknown): name is keyof AuthFields {
  return name === 'email' || name === 'password' || name === 'displayName';
}

/**
 * Checks the sign-in or sign-up form with the same schemas the server uses and returns a
 * translation key per bad field (empty when the form may be sent).
 */
export function validateAuthForm(mode: AuthMode, fields: AuthFields): AuthFieldErrors {
  const parsed =
    mode === 'signup'
      ? SignUpBody.safeParse(fields)
      : emailOnly(mode)
        ? EmailLinkBody.safeParse({ email: fields.email })
        : SignInBody.safeParse({ email: fields.email, password: fields.password });
  if (parsed.success) return {};
  const errors: AuthFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = FIELD_KEYS[field](mode, fields);
  }
  return errors;
}

/** Maps the server's per-field validation details onto the form's fields. */
export function fieldErrorsFromDetails(
  mode: AuthMode,
  fields: AuthFields,
  details: { path: string; message: string }[],
): AuthFieldErrors {
  const errors: AuthFieldErrors = {};
  for (const d of details) {
    const field = d.path.split('.')[0];
    if (isField(field) && !errors[field]) errors[field] = FIELD_KEYS[field](mode, fields);
  }
  return errors;
}

/** The minimum password length, for the hint under the sign-up password field. */
export const passwordMin = PASSWORD_MIN_LENGTH;
