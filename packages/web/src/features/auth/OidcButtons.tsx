import { Box, Button, Divider, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OidcProviderInfo } from '@rada/core';
import { apiUrl } from '../../api/client.ts';

/** The address that starts a sign-in with `id`, coming back to the page open now. */
export function oidcStartUrl(id: string): string {
  const here = window.location.pathname + window.location.search;
  return apiUrl('oidcStart', { params: { id }, query: { returnTo: here } });
}

/** A provider's icon (its configured URL), or nothing. */
export function OidcIcon({ provider }: { provider: OidcProviderInfo }) {
  if (!provider.icon) return null;
  return <Box component="img" src={provider.icon} alt="" sx={{ width: 20, height: 20 }} />;
}

/**
 * The sign-in dialog's "Continue with …" buttons, one per OpenID Connect provider of the
 * server: plain links that leave for the provider, which sends the browser back signed in.
 */
export function OidcButtons({ providers }: { providers: OidcProviderInfo[] }) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <Stack sx={{ gap: 1, mb: 2 }}>
      {providers.map((p) => (
        <Button
          key={p.id}
          fullWidth
          variant="outlined"
          href={oidcStartUrl(p.id)}
          startIcon={<OidcIcon provider={p} />}
          data-testid={`signin-oidc-${p.id}`}
        >
          {t('auth.oidc.continue', { label: p.label })}
        </Button>
      ))}
      <Divider sx={{ mt: 1 }}>{t('auth.oidc.or')}</Divider>
    </Stack>
  );
}
