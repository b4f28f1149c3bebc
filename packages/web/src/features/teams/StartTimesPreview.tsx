import { Alert, Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AssignStartTimesResult } from '@rada/core';
import { formatTime } from './teamAnswers.ts';

/** How many of the changes the preview lists by name. */
const SHOWN = 8;

interface StartTimesPreviewProps {
  preview: AssignStartTimesResult;
  /** Team names by id. */
  names: ReadonlyMap<string, string>;
  /** While the form changed since this preview was asked for (greyed out). */
  stale: boolean;
}

/**
 * What a bulk start time assignment would do: how many teams get a time, how many keep theirs
 * (a time of their own, or under way), and the first changes, each team's time before → after.
 */
export function StartTimesPreview({ preview, names, stale }: StartTimesPreviewProps) {
  const { t } = useTranslation();
  const { changes } = preview;
  return (
    <Alert
      severity={changes.length === 0 ? 'info' : 'warning'}
      icon={false}
      data-testid="starttimes-preview"
      sx={{ opacity: stale ? 0.6 : 1, '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="subtitle2">{t('teams.starttimes.preview')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        <li data-testid="starttimes-preview-assign">
          {t('teams.starttimes.preview.assign', { count: preview.assigned })}
        </li>
        {changes.length !== preview.assigned && (
          <li data-testid="starttimes-preview-change">
            {t('teams.starttimes.preview.change', { count: changes.length })}
          </li>
        )}
        {preview.keptWithTime > 0 && (
          <li data-testid="starttimes-preview-keptwithtime">
            {t('teams.starttimes.preview.keptwithtime', { count: preview.keptWithTime })}
          </li>
        )}
        {preview.keptStarted > 0 && (
          <li data-testid="starttimes-preview-keptstarted">
            {t('teams.starttimes.preview.keptstarted', { count: preview.keptStarted })}
          </li>
        )}
      </Box>
      {changes.length === 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('teams.starttimes.preview.nothing')}
        </Typography>
      ) : (
        <Table size="small" sx={{ mt: 1 }} data-testid="starttimes-preview-changes">
          <TableBody>
            {changes.slice(0, SHOWN).map((c) => (
              <TableRow key={c.id} sx={{ '& td': { border: 0, py: 0.25, px: 1 } }}>
                <TableCell>{names.get(c.id) ?? c.id}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {c.before === null ? t('teams.starttimes.none') : formatTime(c.before)} →{' '}
                  {c.after === null ? t('teams.starttimes.none') : formatTime(c.after)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {changes.length > SHOWN && (
        <Typography variant="body2">
          {t('teams.starttimes.preview.more', { count: changes.length - SHOWN })}
        </Typography>
      )}
    </Alert>
  );
}
