import { Box, Button, Link, Stack, Typography } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { useTranslation } from 'react-i18next';
import type { TrackingApp, TrackingLinkView } from '@rada/core';
import { AppLinkCard } from './AppLinkCard.tsx';
import { APP_STEPS, APP_STORES, stepKey } from './trackingText.ts';

/** The numbered setup steps of `app`: install (with the stores' links), then its own steps. */
export function AppSteps({ app }: { app: TrackingApp }) {
  const { t } = useTranslation();
  const appName = t(`tracking.app.${app}`);
  return (
    <Box
      component="ol"
      sx={{ m: 0, pl: 3, '& li': { mb: 0.75 } }}
      data-testid={`tracking-steps-${app}`}
    >
      <li>
        <Typography variant="body2" component="span">
          {t('tracking.step.install', { app: appName })}{' '}
        </Typography>
        {APP_STORES[app].map((store, i) => (
          <Typography variant="body2" component="span" key={store.href}>
            {i > 0 && ' · '}
            <Link
              href={store.href}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="tracking-store"
            >
              {t(store.label)}
            </Link>
          </Typography>
        ))}
      </li>
      {APP_STEPS[app].map((step) => (
        <li key={step}>
          <Typography variant="body2">{t(stepKey(step), { app: appName })}</Typography>
        </li>
      ))}
    </Box>
  );
}

/**
 * One app's tab: the steps, then each of the team's links for the app (newest first), or the
 * button that makes the first; another link can be made for another phone.
 */
export function AppPanel({
  app,
  links,
  origin,
  deviceName,
  now,
  creating,
  stopping,
  onCreate,
  onStop,
}: {
  app: TrackingApp;
  links: TrackingLinkView[];
  origin: string;
  deviceName: string;
  now: number;
  creating: boolean;
  stopping: boolean;
  onCreate: () => void;
  onStop: (link: TrackingLinkView) => void;
}) {
  const { t } = useTranslation();
  const appName = t(`tracking.app.${app}`);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      sx={{ gap: 2, alignItems: { md: 'flex-start' } }}
      data-testid={`tracking-panel-${app}`}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('tracking.steps')}
        </Typography>
        <AppSteps app={app} />
      </Box>
      {/* On a phone a made link (its one-tap Open) comes before the steps. */}
      <Stack
        sx={{ gap: 1.5, flex: 1.25, minWidth: 0, order: { xs: links.length > 0 ? -1 : 0, md: 0 } }}
      >
        {links.length === 0 && (
          <Stack sx={{ gap: 1, alignItems: 'flex-start' }}>
            <Typography variant="body2" color="text.secondary">
              {t('tracking.make.text')}
            </Typography>
            <Button
              variant="contained"
              startIcon={<AddLinkIcon />}
              loading={creating}
              onClick={onCreate}
              data-testid="tracking-make"
            >
              {t('tracking.make', { app: appName })}
            </Button>
          </Stack>
        )}
        {links.map((link) => (
          <AppLinkCard
            key={link.id}
            app={app}
            link={link}
            origin={origin}
            deviceName={deviceName}
            now={now}
            stopping={stopping}
            onStop={() => onStop(link)}
          />
        ))}
        {links.length > 0 && (
          <Box>
            <Button
              size="small"
              startIcon={<AddLinkIcon />}
              loading={creating}
              onClick={onCreate}
              data-testid="tracking-another"
            >
              {t('tracking.another')}
            </Button>
          </Box>
        )}
      </Stack>
    </Stack>
  );
}
