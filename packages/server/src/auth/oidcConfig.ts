import { OIDC_PROVIDER_ID } from '@rada/core';
import type { OidcProviderInfo, OneTapInfo } from '@rada/core';

/** One OpenID Connect provider of the configuration (OIDC_PROVIDERS, OIDC_<ID>_*). */
export interface OidcProviderConfig {
  /** The id in paths and in stored identities, e.g. `google`. */
  id: string;
  /** The issuer's URL; its /.well-known/openid-configuration is read at the first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's name (OIDC_<ID>_LABEL, default the id). */
  label: string;
  /** URL of the button's icon (OIDC_<ID>_ICON), or null. */
  icon: string | null;
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}: not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name}: not an http(s) URL: ${value}`);
  }
  return value;
}

/**
 * The OpenID Connect providers of the environment: `OIDC_PROVIDERS=google,keycloak` and for
 * each `OIDC_<ID>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, `_LABEL` and optionally `_ICON`
 * (the id upper-cased, `-` as `_`). Throws on a missing setting, and without PUBLIC_URL (the
 * redirect URI the provider knows is `{PUBLIC_URL}/api/auth/oidc/{id}/callback`).
 */
export function oidcConfigFromEnv(
  env: NodeJS.ProcessEnv,
  publicUrl: string | null,
): OidcProviderConfig[] {
  const ids = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (ids.length > 0 && !publicUrl) {
    throw new Error('OIDC_PROVIDERS needs PUBLIC_URL (the providers redirect back to it)');
  }
  const seen = new Set<string>();
  return ids.map((id) => {
    if (!OIDC_PROVIDER_ID.test(id)) {
      throw new Error(`OIDC_PROVIDERS: not an id (a-z, 0-9, - and _): ${id}`);
    }
    if (seen.has(id)) throw new Error(`OIDC_PROVIDERS: ${id} twice`);
    seen.add(id);
    const prefix = `OIDC_${id.toUpperCase().replace(/-/g, '_')}_`;
    const need = (key: string) => {
      const value = env[prefix + key];
      if (!value) throw new Error(`${prefix}${key} is not set (OIDC_PROVIDERS names ${id})`);
      return value;
    };
    const icon = env[`${prefix}ICON`];
    return {
      id,
      issuer: httpUrl(`${prefix}ISSUER`, need('ISSUER')),
      clientId: need('CLIENT_ID'),
      clientSecret: need('CLIENT_SECRET'),
      label: env[`${prefix}LABEL`] || id,
      icon: icon ? httpUrl(`${prefix}ICON`, icon) : null,
    };
  });
}

/** The providers as GET /api/config lists them (none without PUBLIC_URL). */
export function oidcInfo(config: {
  oidc: OidcProviderConfig[];
  publicUrl: string | null;
}): OidcProviderInfo[] {
  if (!config.publicUrl) return [];
  return config.oidc.map((p) => ({ id: p.id, label: p.label, icon: p.icon }));
}

/** Google's issuer: its providers offer One Tap unless OIDC_<ID>_ONE_TAP says `false`. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * The provider that offers Google One Tap (docs/sign-in.md), as its id, or null: the one whose
 * `OIDC_<ID>_ONE_TAP` is `true`, which it is by default for Google's issuer. Throws on another
 * value and when more than one provider would offer it (the page shows one prompt).
 */
export function oneTapFromEnv(
  env: NodeJS.ProcessEnv,
  providers: readonly OidcProviderConfig[],
): string | null {
  const on = providers.filter((p) => {
    const name = `OIDC_${p.id.toUpperCase().replace(/-/g, '_')}_ONE_TAP`;
    const value = env[name]?.trim().toLowerCase();
    if (!value) return p.issuer.replace(/\/$/, '') === GOOGLE_ISSUER;
    if (value !== 'true' && value !== 'false') {
      throw new Error(`${name}: true or false, not ${value}`);
    }
    return value === 'true';
  });
  if (on.length > 1) {
    throw new Error(
      `One Tap is on for ${on.map((p) => p.id).join(' and ')}; set OIDC_<ID>_ONE_TAP=false for all but one`,
    );
  }
  return on[0]?.id ?? null;
}

/** The provider of One Tap when it is on (configured, and PUBLIC_URL set), else null. */
export function oneTapProvider(config: {
  oidc?: readonly OidcProviderConfig[];
  oneTap?: string | null;
  publicUrl: string | null;
}): OidcProviderConfig | null {
  if (!config.publicUrl || !config.oneTap) return null;
  return config.oidc?.find((p) => p.id === config.oneTap) ?? null;
}

/** One Tap as GET /api/config tells it (null when off). */
export function oneTapInfo(config: Parameters<typeof oneTapProvider>[0]): OneTapInfo | null {
  const p = oneTapProvider(config);
  return p && { provider: p.id, clientId: p.clientId };
}
