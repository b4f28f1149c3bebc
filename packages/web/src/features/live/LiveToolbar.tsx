import { useEffect, useState } from 'react';
import {
  Button,
  Chip,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import { useTranslation } from 'react-i18next';
import type { ListenStatus } from './listenConnection.ts';
import { TAIL_CHOICES } from './trackMath.ts';
import type { TailMinutes } from './trackMath.ts';

export type LiveMode = 'live' | 'replay';

/** The tail select's value for a length (a select cannot hold null). */
const tailValue = (m: TailMinutes) => (m === null ? 'all' : String(m));
const tailFromValue = (v: string): TailMinutes => (v === 'all' ? null : Number(v));

/** Live or replay, the connection status, the tail length and 'show all teams'. */
export function LiveToolbar({
  mode,
  onMode,
  status,
  tail,
  onTail,
  onShowAll,
}: {
  mode: LiveMode;
  onMode: (mode: LiveMode) => void;
  status: ListenStatus;
  tail: TailMinutes;
  onTail: (tail: TailMinutes) => void;
  onShowAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={mode}
        onChange={(_, v: LiveMode | null) => v && onMode(v)}
      >
        <ToggleButton value="live" data-testid="live-mode-live">
          {t('live.mode.live')}
        </ToggleButton>
        <ToggleButton value="replay" data-testid="live-mode-replay">
          {t('live.mode.replay')}
        </ToggleButton>
      </ToggleButtonGroup>
      {mode === 'live' && <StatusChip status={status} />}
      <FormControl size="small" sx={{ minWidth: 120 }}>
        <InputLabel id="live-tail-label">{t('live.tail')}</InputLabel>
        <Select
          labelId="live-tail-label"
          label={t('live.tail')}
          value={tailValue(tail)}
          onChange={(e) => onTail(tailFromValue(e.target.value))}
          data-testid="live-tail"
        >
          {TAIL_CHOICES.map((m) => (
            <MenuItem
              key={tailValue(m)}
              value={tailValue(m)}
              data-testid={`live-tail-${tailValue(m)}`}
            >
              {m === null
                ? t('live.tail.all')
                : m === 0
                  ? t('live.tail.off')
                  : t('live.tail.min', { count: m })}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Button
        size="small"
        variant="outlined"
        startIcon={<FitScreenIcon />}
        onClick={onShowAll}
        data-testid="live-showall"
      >
        {t('live.showall')}
      </Button>
    </Stack>
  );
}

/** Live, connecting, or a countdown to the next attempt (updated each second). */
function StatusChip({ status }: { status: ListenStatus }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const waiting = status.state === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  const label =
    status.state === 'live'
      ? t('live.status.live')
      : status.state === 'connecting'
        ? t('live.status.connecting')
        : t('live.status.reconnecting', {
            s: Math.max(0, Math.ceil((status.retryAt - now) / 1000)),
          });
  return (
    <Chip
      size="small"
      color={status.state === 'live' ? 'success' : 'warning'}
      variant={status.state === 'live' ? 'filled' : 'outlined'}
      label={label}
      data-testid="live-status"
      data-state={status.state}
    />
  );
}
