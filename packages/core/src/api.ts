import { z } from 'zod';
import type { MapKeys } from './map/api.ts';
import type { OidcProviderInfo } from './oidc.ts';
import type { OneTapInfo } from './oneTap.ts';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SHORTLINK_MAX_LENGTH,
} from './limits.ts';
import type { EventType } from './limits.ts';

/**
 * The HTTP API's request bodies (validated by the server, reused by the web's forms) and
 * response shapes. Every path is under `/api`. Errors answer `ErrorBody` (errors.ts).
 */

const email = z
  .email()
  .max(EMAIL_MAX_LENGTH)
  .transform((e) => e.trim().toLowerCase());
const password = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
const time = z.number().int().nonnegative();

/** POST /api/auth/signup → 201 Me (and a session cookie). */
export const SignUpBody = z
  .object({
    email,
    password,
    displayName: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  })
  .strict();
export type SignUpBody = z.input<typeof SignUpBody>;

/** POST /api/auth/signin → 200 Me (and a session cookie). POST /api/auth/signout → 204. */
export const SignInBody = z
  .object({ email, password: z.string().min(1).max(PASSWORD_MAX_LENGTH) })
  .strict();
export type SignInBody = z.input<typeof SignInBody>;

/** POST /api/auth/tokens → 201 {token, id}: a bearer token for a device or a script. */
export const CreateTokenBody = z.object({ name: z.string().trim().min(1).max(100) }).strict();
export type CreateTokenBody = z.input<typeof CreateTokenBody>;

/**
 * DELETE /api/account with the account's name for people typed again (deleteConfirmation) → 204;
 * personal data is erased.
 */
export const DeleteAccountBody = z.object({ confirm: z.string().max(EMAIL_MAX_LENGTH) }).strict();
export type DeleteAccountBody = z.input<typeof DeleteAccountBody>;

/** GET /api/auth/me → Me, or 401 when signed out. */
export interface Me {
  uid: string;
  email: string;
  displayName: string;
  phoneNumber: string | null;
  /** Has a creator record (or is a super admin). */
  creator: boolean;
  superAdmin: boolean;
  platformOwner: boolean;
  /** A guest account (made by POST /api/auth/guest), until upgraded to a full account. */
  guest: boolean;
  /**
   * The email is proven: a link mailed to it was opened, or a provider vouched for it when the
   * account was made. Only then does a provider's verified email join the account.
   */
  emailVerified: boolean;
  /** The account has a password (else it signs in by links, providers, passkeys or codes). */
  hasPassword: boolean;
}

/**
 * Whether `email` is one the server made up for an account that has none: phone-only accounts
 * (`phone-…@phone.invalid`) and guests (`…@guest.invalid`). `.invalid` never resolves (RFC 2606),
 * so such an address is never shown, mailed or used to join accounts.
 */
export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith('.invalid');
}

/** An email as others see it: null for a placeholder (a phone-only account or a guest). */
export function shownEmail(email: string | null | undefined): string | null {
  return email && !isPlaceholderEmail(email) ? email : null;
}

/** How the account is known to its owner: its email, else its phone, else its name. */
export function accountLabel(me: Pick<Me, 'email' | 'phoneNumber' | 'displayName'>): string {
  return shownEmail(me.email) ?? me.phoneNumber ?? me.displayName;
}

/**
 * What a person types to confirm deleting the account: its email, else (a phone-only account)
 * its phone number, else (a guest) its display name. The server compares it case- and
 * space-insensitively.
 */
export function deleteConfirmation(me: Pick<Me, 'email' | 'phoneNumber' | 'displayName'>): string {
  if (!isPlaceholderEmail(me.email)) return me.email;
  return me.phoneNumber ?? me.displayName;
}

/** Whether `typed` confirms deleting `me`'s account (deleteConfirmation). */
export function deleteConfirmed(
  typed: string,
  me: Pick<Me, 'email' | 'phoneNumber' | 'displayName'>,
): boolean {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const want = norm(deleteConfirmation(me));
  return want.length > 0 && norm(typed) === want;
}

/**
 * POST /api/auth/guest → 201 {me, secret} (and a session cookie): a guest account with a
 * reserved email; the device keeps email and secret to sign in again (POST /api/auth/signin).
 */
export interface GuestAnswer {
  me: Me;
  secret: string;
}

/**
 * POST /api/auth/upgrade → Me: a signed-in guest becomes a full account (same uid, so teams
 * stay); 403 for a full account, 409 auth.error.emailtaken.
 */
export const UpgradeGuestBody = z
  .object({
    email,
    password,
    displayName: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  })
  .strict();
export type UpgradeGuestBody = z.input<typeof UpgradeGuestBody>;

/** PATCH /api/account → Me: the signed-in user's display name. */
export const UpdateAccountBody = z
  .object({ displayName: z.string().trim().min(1).max(NAME_MAX_LENGTH) })
  .strict();
export type UpdateAccountBody = z.input<typeof UpdateAccountBody>;

/** User directory record (spec 01 §3). GET /api/users?s=text or ?uids=a,b (signed in). */
export interface UserRecord {
  uid: string;
  displayName: string;
  email: string;
  phoneNumber: string | null;
}

/** GET /api/config: what the web needs before sign-in. */
export interface PublicConfig {
  /** Sign-in providers offered by the dialog; 'password' is email and password. */
  providers: string[];
  signupOpen: boolean;
  /** Sign-in links and password reset by email are offered (the server can send email). */
  emailLinks: boolean;
  /** Sign-in with a code by SMS is offered (SMS_GATEWAY_URL is set). */
  phone: boolean;
  version: string;
  /** Keys of the commercial map layers (GOOGLE_MAPS_KEY, BING_MAPS_KEY); null hides the layer. */
  mapKeys: MapKeys;
  /** OpenID Connect providers (OIDC_PROVIDERS), a button each in the sign-in dialog. */
  oidc: OidcProviderInfo[];
  /** Google One Tap (OIDC_<ID>_ONE_TAP): its provider and client id, or null when off. */
  oneTap: OneTapInfo | null;
  /** The optional tools this server is set up for; the app hides those it is not. */
  tools: ConfiguredTools;
}

/** Tools that work only when the server has their keys or storage (docs/deploy.md). */
export interface ConfiguredTools {
  /** The platform owner's stock tool (EARVELDAJA_API_KEY_*). */
  accounting: boolean;
  /** A second archive tier to move archived events to (ARCHIVE2_DIR or ARCHIVE2_S3_*). */
  secondTier: boolean;
}

/** Event as listed and as read by anyone who may see it. */
export interface EventSummary {
  id: string;
  name: string;
  starttime: number | null;
  endtime: number | null;
  type: EventType;
  arch: string | null;
  hidden: boolean;
  /** The caller's role in the event, or null. */
  role: 'owner' | 'admin' | null;
  /** Whether the public may see the checkpoints (the `kpsinweb` setting). */
  kpsinweb: boolean;
  /** Whether GPS tracks are hidden from the public (the `hidetracks` setting); admins still see them. */
  hidetracks: boolean;
  /**
   * The event's description (rich text, the `description` setting) and its language copies:
   * in GET /api/events/:id when the event has one, never in lists.
   */
  description?: string;
  description_i18n?: Record<string, string>;
}

/** An event of the caller's: administered (`role`), taken part in (`team`), or both. */
export interface MyEventSummary extends EventSummary {
  /** The caller's team in the event (the first they joined), or null. */
  team: { id: string; name: string } | null;
}

/** GET /api/events → the caller's events and public upcoming ones. */
export interface EventLists {
  /** Events the caller administers or takes part in, latest start first. */
  mine: MyEventSummary[];
  upcoming: EventSummary[];
}

/** GET /api/events/:id/exists → whether a short link is taken (signed in). */
export interface ExistsAnswer {
  exists: boolean;
  valid: boolean;
}

/**
 * POST /api/events → 201 EventSummary. Either a fresh event, a copy of `duplicateOf`,
 * or built from `template` (an event file). Creator record required.
 */
export const CreateEventBody = z
  .object({
    name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
    shortlink: z.string().min(1).max(SHORTLINK_MAX_LENGTH),
    starttime: time,
    endtime: time.nullable(),
    duplicateOf: z.string().min(1).max(SHORTLINK_MAX_LENGTH).optional(),
    template: z.unknown().optional(),
    removePermissions: z.boolean().default(true),
  })
  .strict()
  .refine((b) => b.duplicateOf === undefined || b.template === undefined, {
    message: 'a copy of an event or a template file, not both',
    path: ['template'],
  });
export type CreateEventBody = z.input<typeof CreateEventBody>;

/** PATCH /api/events/:id → EventSummary (event admins). */
export const UpdateEventBody = z
  .object({
    name: z.string().trim().min(1).max(NAME_MAX_LENGTH).optional(),
    starttime: time.optional(),
    endtime: time.nullable().optional(),
    hidden: z.boolean().optional(),
  })
  .strict();
export type UpdateEventBody = z.input<typeof UpdateEventBody>;

/** GET /api/events/:id/settings (event admins): everything the settings page edits. */
export interface EventSettingsView {
  event: EventSummary;
  settings: Record<string, unknown>;
  speed: Record<string, number>;
}

/** One row of GET /api/events/:id/admins (event admins); owner first. */
export interface EventAdmin {
  uid: string;
  role: 'owner' | 'admin';
  displayName: string;
  email: string;
}

/** PUT /api/admin/creators/:uid, DELETE likewise (super admin). GET lists them. */
export interface CreatorRecord {
  uid: string;
  email: string;
  displayName: string;
  grantedAt: number;
}
