import { Box, Chip, Table, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { memo, useMemo } from 'react';
import type { Theme } from '@mui/material/styles';
import { WindowedBody } from '../../components/WindowedBody.tsx';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { placeLabel, shownPoints } from '@rada/core';
import type { ResultsDisplaySettings, RouteVisit, TeamResult } from '@rada/core';
import { clockFormat, penaltyOf, shownRoute } from './resultsTable.ts';

/** Cells shown on wide screens and on paper only. */
const wide = {
  display: { xs: 'none', sm: 'table-cell' },
  '@media print': { display: 'table-cell' },
};

/**
 * The style rules of the team rows' plain cells (TeamRow): a small MUI table cell's looks, and
 * classes for numbers, bold, wide-only columns, dimmed rows, the running and overtime marks.
 */
function rowStyles(theme: Theme) {
  return {
    '& tbody td': {
      ...theme.typography.body2,
      py: '6px',
      borderBottom: `1px solid ${theme.palette.divider}`,
      verticalAlign: 'middle',
    },
    '& tr.r-dim': { opacity: 0.6 },
    '& td.r-num': { textAlign: 'right' },
    '& td.r-bold': { fontWeight: 600 },
    '& .r-nowrap': { whiteSpace: 'nowrap' },
    '& td.r-wide': wide,
    '& .r-open': {
      font: 'inherit',
      color: 'inherit',
      textAlign: 'left',
      background: 'none',
      border: 0,
      padding: 0,
      cursor: 'pointer',
      '&:hover, &:focus-visible': { textDecoration: 'underline' },
    },
    '& .r-running': {
      ml: 0.5,
      px: 1,
      py: '1px',
      fontSize: '0.75rem',
      borderRadius: 4,
      border: `1px solid ${theme.palette.primary.main}`,
      color: 'primary.main',
      whiteSpace: 'nowrap',
    },
    '& .r-overtime': { display: 'block', fontSize: '0.75rem', color: 'error.main' },
  };
}

/** A row's height before it is measured (a small table row with one line). */
const ROW_HEIGHT_ESTIMATE = 33;

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
  computedAt,
}: {
  r: TeamResult;
  place: number | null;
  index: number;
  settings: ResultsDisplaySettings;
  roadbook: boolean;
  onOpen?: (r: TeamResult) => void;
  idPrefix: string;
  computedAt: number | undefined;
}) {
  const { t } = useTranslation();
  const clock = clockFormat(settings);
  const at = (ms: number | null) => (ms === null ? '' : dayjs(ms).format(clock));
  const dim = r.dsq || r.katk || r.status === 'notstarted';
  // A team that has not started shows its start only while it is still to come.
  const upcoming =
    r.status === 'notstarted' &&
    r.starttime !== null &&
    computedAt !== undefined &&
    r.starttime > computedAt;
  // Plain cells styled by the table's class rules (ROW_STYLES): a styled MUI cell per column
  // costs a style computation each, and the first paint of a long list on a phone is mostly that.
  return (
    <tr
      className={dim ? 'r-dim' : undefined}
      data-index={index}
      data-testid={`${idPrefix}-row-${r.teamId}`}
      data-place={place ?? ''}
      data-status={r.status}
    >
      <td className="r-bold">
        {r.dsq ? (
          <Chip size="small" color="error" label={t('results.dsq')} />
        ) : r.katk ? (
          <Chip size="small" label={t('results.katk')} />
        ) : r.status === 'notstarted' ? (
          ''
        ) : (
          placeLabel(place)
        )}
      </td>
      <td>
        {onOpen ? (
          <button
            type="button"
            className="r-open"
            aria-label={t('splits.open', { team: r.name })}
            data-testid={`results-open-${r.teamId}`}
            onClick={() => onOpen(r)}
          >
            {r.name}
          </button>
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
      </td>
      <td className="r-num r-bold r-nowrap">{shownPoints(r.sum, settings.pointssuffix)}</td>
      <td className="r-num r-wide">{r.okcount}</td>
      {!settings.hidewrongmarks && <td className="r-num r-wide">{r.wrongcount}</td>}
      <td className="r-num r-wide">{penaltyOf(r) ? shownPoints(-penaltyOf(r)) : ''}</td>
      {settings.distanceinresult && (
        <td className="r-num r-wide">{r.dst === null ? '' : `${r.dst.toFixed(1)} km`}</td>
      )}
      <td className="r-wide r-nowrap" data-testid="results-start">
        {r.status === 'notstarted' && !upcoming ? '' : at(r.starttime)}
      </td>
      <td className="r-wide r-nowrap" data-testid="results-finish">
        {at(r.finishtime)}
      </td>
      <td className="r-num r-nowrap">
        {r.spenttime ?? ''}
        {r.status === 'running' && (
          <span className="r-running" data-testid={`results-running-${r.teamId}`}>
            {t('results.running')}
          </span>
        )}
        {r.overtime && (
          <span className="r-overtime" data-testid={`results-overtime-${r.teamId}`}>
            {t('results.overtime')}
          </span>
        )}
      </td>
      {roadbook && (
        <td className="r-wide">
          <Route visits={shownRoute(r, settings.hidewrongmarks)} seconds={settings.sfwithseconds} />
        </td>
      )}
    </tr>
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
  computedAt,
}: {
  rows: { result: TeamResult; place: number | null }[];
  settings: ResultsDisplaySettings;
  onOpen?: (r: TeamResult) => void;
  /** The start of the rows' test ids (the printed copy has its own). */
  idPrefix?: string;
  /** Every row, never only those in view (the printed copy). */
  printAll?: boolean;
  /** When the results were computed: a team still to start after it shows its start. */
  computedAt?: number;
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
        computedAt={computedAt}
      />
    );
  };

  return (
    <TableContainer>
      <Table
        size="small"
        sx={(theme) => ({ '& td, & th': { px: { xs: 0.75, sm: 2 } }, ...rowStyles(theme) })}
      >
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
