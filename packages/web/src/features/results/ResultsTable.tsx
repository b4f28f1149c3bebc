import {
  Box,
  Chip,
  Link,
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
import dayjs from 'dayjs';
import { placeLabel } from '@rada/core';
import type { ResultsDisplaySettings, RouteVisit, TeamResult } from '@rada/core';
import { clockFormat, formatPoints, penaltyOf, shownRoute } from './resultsTable.ts';

/** A roadbook route: each KP with its time of day, wrong marks struck through in red. */
function Route({ visits, seconds }: { visits: RouteVisit[]; seconds: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }}>
      {visits.map((v, i) => (
        <Box
          component="span"
          key={i}
          sx={{
            px: 0.5,
            borderRadius: 0.5,
            bgcolor: 'action.hover',
            whiteSpace: 'nowrap',
            fontSize: '0.8rem',
            ...(v.state === 'wrong' && { color: 'error.main', textDecoration: 'line-through' }),
          }}
        >
          <b>{v.kp}</b>
          {v.aeg !== null && ` ${dayjs(v.aeg).format(seconds ? 'HH:mm:ss' : 'HH:mm')}`}
        </Box>
      ))}
    </Box>
  );
}

/**
 * One tab's ranking. Columns follow the settings: start and finish formatted by `sfwithdate` and
 * `sfwithseconds`, `distanceinresult` adds the distance, `hidewrongmarks` drops the wrong count,
 * `pointssuffix` follows the points, roadbook events (`route` on the records) add the route.
 * Narrow screens keep place, team, points and time; printing shows every column. A team's name
 * opens its splits (`onOpen`).
 */
export function ResultsTable({
  rows,
  settings,
  onOpen,
  idPrefix = 'results',
}: {
  rows: { result: TeamResult; place: number | null }[];
  settings: ResultsDisplaySettings;
  onOpen?: (r: TeamResult) => void;
  /** The start of the rows' test ids (the printed copy has its own). */
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const wide = {
    display: { xs: 'none', sm: 'table-cell' },
    '@media print': { display: 'table-cell' },
  };
  const clock = clockFormat(settings);
  const at = (ms: number | null) => (ms === null ? '' : dayjs(ms).format(clock));
  const roadbook = rows.some((x) => x.result.route !== undefined);
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
            <TableCell sx={wide}>{t('results.col.start')}</TableCell>
            <TableCell sx={wide}>{t('results.col.finish')}</TableCell>
            <TableCell align="right">{t('results.col.time')}</TableCell>
            {roadbook && <TableCell sx={wide}>{t('results.col.route')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ result: r, place }, i) => (
            <Fragment key={r.teamId}>
              {r.status === 'notstarted' && rows[i - 1]?.result.status !== 'notstarted' && (
                <TableRow data-testid={`${idPrefix}-notstarted`}>
                  <TableCell colSpan={99} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>
                    {t('results.notstarted.count', {
                      count: rows.filter((x) => x.result.status === 'notstarted').length,
                    })}
                  </TableCell>
                </TableRow>
              )}
              <TableRow
                data-testid={`${idPrefix}-row-${r.teamId}`}
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
                <TableCell>
                  {onOpen ? (
                    <Link
                      component="button"
                      type="button"
                      underline="hover"
                      color="inherit"
                      sx={{ textAlign: 'left', font: 'inherit' }}
                      aria-label={t('splits.open', { team: r.name })}
                      data-testid={`results-open-${r.teamId}`}
                      onClick={() => onOpen(r)}
                    >
                      {r.name}
                    </Link>
                  ) : (
                    r.name
                  )}
                  {roadbook && (
                    <Box sx={{ display: { sm: 'none' }, '@media print': { display: 'none' } }}>
                      <Route
                        visits={shownRoute(r, settings.hidewrongmarks)}
                        seconds={settings.sfwithseconds}
                      />
                    </Box>
                  )}
                </TableCell>
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
                <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }} data-testid="results-start">
                  {r.status === 'notstarted' ? '' : at(r.starttime)}
                </TableCell>
                <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }} data-testid="results-finish">
                  {at(r.finishtime)}
                </TableCell>
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
                {roadbook && (
                  <TableCell sx={wide}>
                    <Route
                      visits={shownRoute(r, settings.hidewrongmarks)}
                      seconds={settings.sfwithseconds}
                    />
                  </TableCell>
                )}
              </TableRow>
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
