import { Button, Collapse, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SPEED_LIMIT_KMH, speedMonitoredByDefault } from '@rada/core';
import type { EventType, SettingsPatch, SpeedArea } from '@rada/core';
import { SpeedFields } from './SpeedFields.tsx';

/**
 * Whether the speed section starts open: for a type that may be driven (a race), or once the
 * organiser uses speed monitoring (a limit, a penalty per ticket or a speed area); an event on
 * foot that uses none of it starts with the section closed.
 */
export function speedSectionOpenByDefault(
  type: EventType,
  settings: Record<string, unknown>,
  speed: Record<string, unknown>,
  areas: Record<string, SpeedArea> | undefined,
): boolean {
  return (
    speedMonitoredByDefault(type) ||
    typeof speed.limit === 'number' ||
    (typeof settings.speedpenalty === 'number' && settings.speedpenalty !== 0) ||
    Object.keys(areas ?? {}).length > 0
  );
}

/**
 * The body of the speed monitoring section: a line saying what applies to this event type and
 * a button that shows or hides the settings (`children`: the penalty and visibility fields),
 * the limit, thresholds and delays.
 */
export function SpeedSection({
  type,
  speed,
  open,
  onToggle,
  patchSettings,
  children,
}: {
  type: EventType;
  speed: Record<string, number>;
  open: boolean;
  onToggle: () => void;
  patchSettings: (patch: SettingsPatch) => Promise<void>;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  const typeLimit = DEFAULT_SPEED_LIMIT_KMH[type];
  const limit = typeof speed.limit === 'number' ? speed.limit : typeLimit;
  return (
    <Stack sx={{ gap: 2.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: 1 }}
          data-testid="speed-summary"
        >
          {limit === null
            ? t('settings.speed.summary.off')
            : t('settings.speed.summary.limit', { limit })}
          {limit === null && !open && ` ${t('settings.speed.summary.closed')}`}
        </Typography>
        <Button
          onClick={onToggle}
          startIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          aria-expanded={open}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          data-testid="speed-toggle"
        >
          {open ? t('settings.speed.hide') : t('settings.speed.show')}
        </Button>
      </Stack>
      <Collapse in={open} unmountOnExit>
        <Stack sx={{ gap: 2.5 }} data-testid="speed-settings">
          {children}
          <SpeedFields speed={speed} typeLimit={typeLimit} patchSettings={patchSettings} />
        </Stack>
      </Collapse>
    </Stack>
  );
}
