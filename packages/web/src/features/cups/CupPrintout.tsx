import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CupStandingsView } from '@rada/core';
import { PRINT_ONLY } from '../../hooks/usePrinting.ts';
import { NO_CLASS_TAB } from './cupTable.ts';
import { CupTable } from './CupTable.tsx';

/** The printed standings: every class on its own page, read-only, every row. */
export function CupPrintout({
  classes,
  view,
}: {
  classes: readonly string[];
  view: CupStandingsView;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={PRINT_ONLY} data-testid="cup-print">
      {classes.map((c, i) => (
        <Box
          key={c === '' ? NO_CLASS_TAB : c}
          sx={{
            breakBefore: i === 0 ? 'auto' : 'page',
            pageBreakBefore: i === 0 ? 'auto' : 'always',
          }}
        >
          {classes.length > 1 && (
            <Typography variant="h6" component="h2" sx={{ my: 1 }}>
              {c === '' ? t('cup.noclass') : c}
            </Typography>
          )}
          <CupTable
            events={view.events}
            rows={view.rows.filter((r) => r.class === c)}
            idPrefix="print-"
            all
          />
        </Box>
      ))}
    </Box>
  );
}

/** What the table's marks mean: unused scores, missed events, cells changed by hand (if any). */
export function CupLegend({ edited }: { edited: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography variant="caption" color="text.secondary" data-testid="cup-legend">
      <Box component="span" sx={{ bgcolor: 'warning.light', px: 1, mr: 1 }}>
        &nbsp;
      </Box>
      {t('cup.unused')}
      <Box component="span" sx={{ color: 'text.disabled', ml: 2, mr: 1 }}>
        0
      </Box>
      {t('cup.legend.missed')}
      {edited && (
        <>
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              ml: 2,
              mr: 1,
              borderTop: '9px solid',
              borderTopColor: 'info.main',
              borderLeft: '9px solid transparent',
            }}
          />
          {t('cup.legend.edited')}
        </>
      )}
    </Typography>
  );
}
