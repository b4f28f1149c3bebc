import { useState } from 'react';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import LaunchIcon from '@mui/icons-material/Launch';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { useTranslation } from 'react-i18next';
import { trackingSetup } from '@rada/core';
import type { TrackingApp, TrackingLinkView } from '@rada/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CopyField } from './CopyField.tsx';
import { QrImage } from './QrImage.tsx';
import { linkStatus } from './trackingText.ts';

/** The QR code's side on the dialog (px): big enough for a phone's camera at arm's length. */
const QR_PX = 200;

/** A link's newest point's age, kept current while the dialog is open. */
export function LinkStatusChip({ link, now }: { link: TrackingLinkView; now: number }) {
  const { t } = useTranslation();
  const status = linkStatus(t, link, now);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status.state === 'point' ? 'success' : status.state === 'seen' ? 'warning' : 'default'}
      label={status.text}
      data-testid={`tracking-status-${link.id}`}
      data-state={status.state}
      sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/**
 * One app link: its status, the one-tap "Open in <app>" (when the app takes a setup link), the
 * QR code for another phone, the address with a copy button, and "Stop this link" (confirmed).
 */
export function AppLinkCard({
  app,
  link,
  origin,
  deviceName,
  now,
  stopping,
  onStop,
}: {
  app: TrackingApp;
  link: TrackingLinkView;
  origin: string;
  deviceName: string;
  now: number;
  stopping: boolean;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (link.path === null) return null;
  const appName = t(`tracking.app.${app}`);
  const setup = trackingSetup(app, `${origin}${link.path}`, deviceName);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`tracking-link-${link.id}`}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <Stack sx={{ gap: 1.5, flex: 1, minWidth: 0, order: { xs: 0, sm: 1 } }}>
          <Box>
            <LinkStatusChip link={link} now={now} />
          </Box>
          {setup.open && (
            <Stack sx={{ gap: 0.5 }}>
              <Button
                variant="contained"
                size="large"
                startIcon={<LaunchIcon />}
                href={setup.open}
                data-testid="tracking-open"
              >
                {t('tracking.openin', { app: appName })}
              </Button>
              <Typography variant="caption" color="text.secondary">
                {t('tracking.openin.hint')}
              </Typography>
            </Stack>
          )}
          <CopyField label={t('tracking.url')} value={setup.url} testId="tracking-url" />
          <Box>
            <Button
              color="error"
              size="small"
              startIcon={<LinkOffIcon />}
              onClick={() => setConfirming(true)}
              data-testid="tracking-stop"
            >
              {t('tracking.stop')}
            </Button>
          </Box>
        </Stack>
        <Stack sx={{ gap: 0.5, alignItems: 'center', order: { xs: 1, sm: 0 } }}>
          <QrImage
            text={setup.qr}
            size={QR_PX}
            alt={t('tracking.qr.alt', { app: appName })}
            testId="tracking-qr"
          />
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ maxWidth: QR_PX, textAlign: 'center' }}
          >
            {t('tracking.qr.hint')}
          </Typography>
        </Stack>
      </Stack>
      {confirming && (
        <ConfirmDialog
          title={t('tracking.stop.title')}
          message={t('tracking.stop.text')}
          confirmLabel={t('tracking.stop')}
          busy={stopping}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            onStop();
          }}
          testId="tracking-stop-dialog"
          confirmTestId="tracking-stop-confirm"
        />
      )}
    </Paper>
  );
}
