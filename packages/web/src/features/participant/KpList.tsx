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
  given = new Map(),
  onSelect,
}: {
  kps: PlayKp[];
  statuses: Map<string, KpStatus>;
  here: LatLng | null;
  /** The team's answer per marked KP (response id, or null for a location mark). */
  given?: Map<string, string | null>;
  onSelect: (kpId: string) => void;
}) {
  const { t } = useTranslation();
  if (kps.length === 0) return <Typography sx={{ p: 2 }}>{t('play.kps.empty')}</Typography>;
  // Nearest first when the position is known: the next KP to go to is at the top.
  const rows = kps.map((kp) => ({ kp, distance: kpDistance(kp, here) }));
  if (here) {
    rows.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
  }
  return (
    <List dense disablePadding data-testid="play-kp-list">
      {rows.map(({ kp, distance }) => {
        const status = statuses.get(kp.id) ?? 'none';
        const answer = status === 'none' ? undefined : given.get(kp.id);
        const details = [
          distance === null ? null : formatDistance(distance),
          t('play.kp.value', { count: kp.value }),
          answer ? t('play.kp.youranswer', { answer: kp.responses[answer] ?? answer }) : null,
        ].filter(Boolean);
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
              secondary={details.join(' · ')}
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
