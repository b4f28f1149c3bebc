import { Box, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { SpeedRange } from '@rada/core';

/** The legend of track colours by speed: each range's colour and its km/h span. */
export function SpeedLegend({ ranges }: { ranges: readonly SpeedRange[] }) {
  const { t } = useTranslation();
  const sorted = [...ranges].sort((a, b) => a.s - b.s);
  return (
    <Stack
      direction="row"
      sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}
      data-testid="speed-legend"
    >
      <Typography variant="caption" color="text.secondary">
        {t('map.speed.legend')}
      </Typography>
      {sorted.map((r, i) => {
        const next = sorted[i + 1];
        return (
          <Stack key={i} direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
            <Box sx={{ width: 18, height: 4, bgcolor: r.c, borderRadius: 1 }} />
            <Typography variant="caption">
              {next
                ? t('map.speed.span', { from: r.s, to: next.s })
                : t('map.speed.above', { from: r.s })}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}
