import {
  Box,
  Chip,
  Link,
  Table,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { memo, useMemo } from 'react';
import { WindowedBody } from '../../components/WindowedBody.tsx';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { placeLabel } from '@rada/core';
import type { ResultsDisplaySettings, RouteVisit, TeamResult } from '@rada/core';
import { clockFormat, formatPoints, penaltyOf, shownRoute } from './resultsTable.ts';

/** Cells shown on wide screens and on paper only. */
const wide = {
  display: { xs: 'none', sm: 'table-cell' },
  '@media print': { display: 'table-cell' },
};

/** A row's height before it is measured (a small table row with one line). */
const ROW_HEIGHT_ESTIMATE = 37;

type Item =
  | { kind: 'notstarted'; count: number }
  | { kind: 'team'; result: TeamResult; place: number | null };

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

/** One team's row; memoised, so scrolling a long list renders only the rows coming into view. */
const TeamRow = memo(function TeamRow({
  r,
  place,
  index,
  settings,
  roadbook,
  onOpen,
  idPrefix,
}: {
  r: TeamResult;
  place: number | null;
  index: number;
  settings: ResultsDisplaySettings;
  roadbook: boolean;
  onOpen?: (r: TeamResult) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const clock = clockFormat(settings);
  const at = (ms: number | null) => (ms === null ? '' : dayjs(ms).format(clock));
  return (
    <TableRow
      key={r.teamId}
      data-index={index}
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
          <Route visits={shownRoute(r, settings.hidewrongmarks)} seconds={settings.sfwithseconds} />
        </TableCell>
      )}
    </TableRow>
  );
});

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
  printAll = false,
}: {
  rows: { result: TeamResult; place: number | null }[];
  settings: ResultsDisplaySettings;
  onOpen?: (r: TeamResult) => void;
  /** The start of the rows' test ids (the printed copy has its own). */
  idPrefix?: string;
  /** Every row, never only those in view (the printed copy). */
  printAll?: boolean;
}) {
  const { t } = useTranslation();
  const roadbook = rows.some((x) => x.result.route !== undefined);
  // The rows in order with the 'Not started (n)' heading before the first team that has not started.
  const items = useMemo(() => {
    const out: Item[] = [];
    const notStarted = rows.filter((x) => x.result.status === 'notstarted').length;
    rows.forEach((row, i) => {
      if (row.result.status === 'notstarted' && rows[i - 1]?.result.status !== 'notstarted') {
        out.push({ kind: 'notstarted', count: notStarted });
      }
      out.push({ kind: 'team', ...row });
    });
    return out;
  }, [rows]);

  const renderItem = (index: number) => {
    const item = items[index]!;
    if (item.kind === 'notstarted') {
      return (
        <TableRow key="notstarted" data-index={index} data-testid={`${idPrefix}-notstarted`}>
          <TableCell colSpan={99} sx={{ fontWeight: 600, bgcolor: 'action.hover' }}>
            {t('results.notstarted.count', { count: item.count })}
          </TableCell>
        </TableRow>
      );
    }
    return (
      <TeamRow
        key={item.result.teamId}
        r={item.result}
        place={item.place}
        index={index}
        settings={settings}
        roadbook={roadbook}
        onOpen={onOpen}
        idPrefix={idPrefix}
      />
    );
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
            <TableCell sx={wide}>{t('results.col.start')}</TableCell>
            <TableCell sx={wide}>{t('results.col.finish')}</TableCell>
            <TableCell align="right">{t('results.col.time')}</TableCell>
            {roadbook && <TableCell sx={wide}>{t('results.col.route')}</TableCell>}
          </TableRow>
        </TableHead>
        <WindowedBody
          count={items.length}
          estimate={ROW_HEIGHT_ESTIMATE}
          row={renderItem}
          all={printAll}
        />
      </Table>
    </TableContainer>
  );
}
