import {
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { placeLabel } from '@rada/core';
import type { ResultsDisplaySettings, TeamResult } from '@rada/core';
import { formatPoints, penaltyOf } from './resultsTable.ts';

/**
 * One tab's ranking. Columns follow the settings: `distanceinresult` adds the distance,
 * `hidewrongmarks` drops the wrong count. Narrow screens keep place, team, points and time.
 */
export function ResultsTable({
  rows,
  settings,
}: {
  rows: { result: TeamResult; place: number | null }[];
  settings: ResultsDisplaySettings;
}) {
  const { t } = useTranslation();
  const wide = {
    display: { xs: 'none', sm: 'table-cell' },
    '@media print': { display: 'table-cell' },
  };
  return (
    <TableContainer>
      <Table size="small" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('results.col.place')}</TableCell>
            <TableCell>{t('results.col.team')}</TableCell>
            <TableCell align="right">{t('results.col.points')}</TableCell>
            <TableCell align="right" sx={wide}>
              {t('results.col.ok')}
            </TableCell>
            {!settings.hidewrongmarks && (
              <TableCell align="right" sx={wide}>
                {t('results.col.wrong')}
              </TableCell>
            )}
            <TableCell align="right" sx={wide}>
              {t('results.col.penalty')}
            </TableCell>
            {settings.distanceinresult && (
              <TableCell align="right" sx={wide}>
                {t('results.col.dst')}
              </TableCell>
            )}
            <TableCell align="right">{t('results.col.time')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ result: r, place }, i) => (
            <Fragment key={r.teamId}>
              {r.status === 'notstarted' && rows[i - 1]?.result.status !== 'notstarted' && (
                <TableRow data-testid="results-notstarted">
                  <TableCell colSpan={99} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>
                    {t('results.notstarted.count', {
                      count: rows.filter((x) => x.result.status === 'notstarted').length,
                    })}
                  </TableCell>
                </TableRow>
              )}
              <TableRow
                data-testid={`results-row-${r.teamId}`}
                data-place={place ?? ''}
                data-status={r.status}
                sx={{ opacity: r.dsq || r.katk || r.status === 'notstarted' ? 0.6 : 1 }}
              >
                <TableCell sx={{ fontWeight: 600 }}>
                  {r.dsq ? (
                    <Chip size="small" color="error" label={t('results.dsq')} />
                  ) : r.katk ? (
                    <Chip size="small" label={t('results.katk')} />
                  ) : r.status === 'notstarted' ? (
                    ''
                  ) : (
                    placeLabel(place)
                  )}
                </TableCell>
                <TableCell>{r.name}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {formatPoints(r.sum, settings.pointssuffix)}
                </TableCell>
                <TableCell align="right" sx={wide}>
                  {r.okcount}
                </TableCell>
                {!settings.hidewrongmarks && (
                  <TableCell align="right" sx={wide}>
                    {r.wrongcount}
                  </TableCell>
                )}
                <TableCell align="right" sx={wide}>
                  {penaltyOf(r) ? formatPoints(-penaltyOf(r)) : ''}
                </TableCell>
                {settings.distanceinresult && (
                  <TableCell align="right" sx={wide}>
                    {r.dst === null ? '' : `${r.dst.toFixed(1)} km`}
                  </TableCell>
                )}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {r.spenttime ?? ''}
                  {r.status === 'running' && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color="primary"
                      data-testid={`results-running-${r.teamId}`}
                      label={t('results.running')}
                    />
                  )}
                  {r.overtime && (
                    <Typography
                      component="span"
                      variant="caption"
                      color="error"
                      data-testid={`results-overtime-${r.teamId}`}
                      sx={{ display: 'block' }}
                    >
                      {t('results.overtime')}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
