import { Chip, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PlayKp } from '@rada/core';
import { formatDistance } from './geo.ts';
import type { LatLng } from './geo.ts';
import { kpDistance } from './playRules.ts';
import type { KpStatus } from './playRules.ts';

const STATUS_COLOUR = { none: 'default', waiting: 'warning', sent: 'success' } as const;

/** The KPs the team may see: number, description, status and distance from here. */
export function KpList({
  kps,
  statuses,
  here,
  onSelect,
}: {
  kps: PlayKp[];
  statuses: Map<string, KpStatus>;
  here: LatLng | null;
  onSelect: (kpId: string) => void;
}) {
  const { t } = useTranslation();
  if (kps.length === 0) return <Typography sx={{ p: 2 }}>{t('play.kps.empty')}</Typography>;
  return (
    <List dense disablePadding data-testid="play-kp-list">
      {kps.map((kp) => {
        const status = statuses.get(kp.id) ?? 'none';
        const distance = kpDistance(kp, here);
        return (
          <ListItemButton
            key={kp.id}
            divider
            onClick={() => onSelect(kp.id)}
            data-testid={`play-kp-${kp.id}`}
            data-status={status}
            sx={{ gap: 1.5 }}
          >
            <Typography sx={{ fontWeight: 700, minWidth: 36, fontSize: '1.1rem' }}>
              {kp.nr ?? '–'}
            </Typography>
            <ListItemText
              primary={kp.desc || t('play.kp.nodesc')}
              secondary={distance === null ? null : formatDistance(distance)}
              slotProps={{ primary: { noWrap: true } }}
              sx={{ minWidth: 0 }}
            />
            <Chip
              size="small"
              color={STATUS_COLOUR[status]}
              label={t(kp.cancelled ? 'play.status.cancelled' : `play.status.${status}`)}
            />
          </ListItemButton>
        );
      })}
    </List>
  );
}
