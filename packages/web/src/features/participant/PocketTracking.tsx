import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import PhonelinkRingIcon from '@mui/icons-material/PhonelinkRing';
import { useTranslation } from 'react-i18next';
import { gapText } from './backgroundGap.ts';
import type { WakeLockState } from './useWakeLock.ts';

/** "Keep the screen on", with its battery cost; hidden where the browser cannot do it. */
function WakeLockSwitch({ wake, compact }: { wake: WakeLockState; compact: boolean }) {
  const { t } = useTranslation();
  if (!wake.supported) return null;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={wake.wanted}
            onChange={(e) => wake.setWanted(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'play-wakelock-cost' } }}
            data-testid="play-wakelock"
          />
        }
        label={t('tracking.wakelock')}
        sx={{ mr: 0 }}
      />
      {(!compact || wake.wanted) && (
        <Typography
          id="play-wakelock-cost"
          variant="caption"
          color="text.secondary"
          component="p"
          data-testid="play-wakelock-cost"
        >
          {t('tracking.wakelock.cost')}
        </Typography>
      )}
      {wake.failed && (
        <Typography
          variant="caption"
          color="warning.main"
          component="p"
          data-testid="play-wakelock-failed"
        >
          {t('tracking.wakelock.failed')}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The participant app's way to tracking with the phone in a pocket: "Track in the background"
 * (opens the Tracking apps dialog) and "Keep the screen on". Before the start with a sentence on
 * why; while running in one slim row.
 */
export function PocketTracking({
  wake,
  compact,
  onOpen,
}: {
  wake: WakeLockState;
  compact: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const button = (
    <Button
      variant="outlined"
      size={compact ? 'small' : 'medium'}
      startIcon={<PhonelinkRingIcon />}
      onClick={onOpen}
      data-testid="play-pocket"
      sx={{ flex: 'none' }}
    >
      {t('tracking.open')}
    </Button>
  );
  if (compact) {
    return (
      <Stack
        direction="row"
        sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        data-testid="play-pocket-row"
      >
        {button}
        <WakeLockSwitch wake={wake} compact />
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="play-pocket-box">
      <Stack sx={{ gap: 1.5 }}>
        <Typography variant="body2">{t('tracking.open.hint')}</Typography>
        <Box>{button}</Box>
        <WakeLockSwitch wake={wake} compact={false} />
      </Stack>
    </Paper>
  );
}

/** "Not tracked for 14 min while the app was in the background", with the way out and a close. */
export function UntrackedBanner({
  gap,
  onOpen,
  onClose,
}: {
  gap: number;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      onClose={onClose}
      data-testid="play-untracked"
      slotProps={{ closeButton: { title: t('common.close') } }}
      sx={{ mb: 1.5 }}
    >
      <Typography variant="body2" data-testid="play-untracked-text">
        {t('tracking.gap', { duration: gapText(t, gap) })}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        onClick={onOpen}
        startIcon={<PhonelinkRingIcon />}
        data-testid="play-untracked-fix"
        sx={{ mt: 1 }}
      >
        {t('tracking.gap.fix')}
      </Button>
    </Alert>
  );
}
