import { useState } from 'react';
import {
  Box,
  Chip,
  IconButton,
  Link,
  Table,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslation } from 'react-i18next';
import type { CupEventView, CupStandingsRow } from '@rada/core';
import { WindowedBody } from '../../components/WindowedBody.tsx';
import { formatEventDates } from '../events/formatEventDates.ts';
import { cssTip } from './cssTip.ts';
import { cellEdit, cupCellState } from './cupTable.ts';
import type { CupSort } from './cupTable.ts';

/** The corner mark of a cell a cup admin changed by hand (05 §5). */
const EDITED_MARK = {
  '&::before': {
    content: '""',
    position: 'absolute',
    top: 0,
    right: 0,
    borderTop: '9px solid',
    borderTopColor: 'info.main',
    borderLeft: '9px solid transparent',
  },
} as const;

/** What a score cell's tip says: its state, a change by hand and what it replaced, the hint. */
function useCellTip() {
  const { t } = useTranslation();
  return (row: CupStandingsRow, index: number, editable: boolean): string | undefined => {
    const state = cupCellState(row, index);
    const edit = cellEdit(row, index);
    return (
      [
        edit &&
          (edit.before === null
            ? t('cup.cell.edited.none')
            : t('cup.cell.edited', { value: edit.before })),
        state === 'none' ? '' : t(`cup.state.${state}`),
        editable ? t('cup.cell.hint') : '',
      ]
        .filter(Boolean)
        .join(' · ') || undefined
    );
  };
}

/** One score cell; cup admins edit it in place (Enter saves, an empty value removes the edit). */
function ScoreCell({
  row,
  index,
  editable,
  onSave,
  idPrefix,
}: {
  row: CupStandingsRow;
  index: number;
  editable: boolean;
  onSave: (value: number | null) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const tipOf = useCellTip();
  const [editing, setEditing] = useState<string | null>(null);
  const score = row.scores[index];
  const state = cupCellState(row, index);
  const edit = cellEdit(row, index);
  const tip = tipOf(row, index, editable);
  const sx = {
    whiteSpace: 'nowrap',
    ...cssTip('right', true),
    ...(edit && EDITED_MARK),
    ...(state === 'unused' && { bgcolor: 'warning.light' }),
    ...(!row.own[index] && { color: 'text.disabled' }),
    ...(editable && { cursor: 'text' }),
  };
  if (editing !== null) {
    return (
      <TableCell align="right" sx={{ p: 0.5 }}>
        {/* A plain input: the MUI text field would bring its weight to every visitor of the page. */}
        <Box
          component="input"
          autoFocus
          value={editing}
          inputMode="decimal"
          aria-label={t('cup.cell.edit')}
          data-testid={`${idPrefix}cup-cell-input-${row.key}-${index}`}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => setEditing(e.target.value)}
          onBlur={() => setEditing(null)}
          onKeyDown={(e: React.KeyboardEvent<HTMLInputElement>) => {
            if (e.key === 'Escape') setEditing(null);
            if (e.key !== 'Enter') return;
            const text = editing.trim().replace(',', '.');
            const value = text === '' ? null : Number(text);
            if (value === null || Number.isFinite(value)) onSave(value);
            setEditing(null);
          }}
          sx={{
            width: 64,
            textAlign: 'right',
            font: 'inherit',
            px: 1,
            py: 0.5,
            border: 2,
            borderColor: 'primary.main',
            borderRadius: 1,
            outline: 'none',
            bgcolor: 'background.paper',
            color: 'text.primary',
          }}
        />
      </TableCell>
    );
  }
  return (
    <TableCell
      align="right"
      sx={sx}
      data-tip={tip}
      aria-description={tip}
      data-testid={`${idPrefix}cup-cell-${row.key}-${index}`}
      data-state={state}
      data-edited={edit ? (edit.before ?? '') : undefined}
      onDoubleClick={editable ? () => setEditing(score === null ? '' : String(score)) : undefined}
      onKeyDown={
        editable
          ? (e) => {
              if (e.key === 'Enter') setEditing(score === null ? '' : String(score));
            }
          : undefined
      }
      // A phone shows a changed cell's tip when it is tapped (focused).
      tabIndex={editable || edit ? 0 : undefined}
    >
      {score === null || score === undefined ? '' : score}
    </TableCell>
  );
}

/**
 * The standings table of one class (spec 02, cup results table): place, team, the owners' email
 * and display name when asked, one column per event, total. With `admin` (a cup admin's screen)
 * it has a checkbox column, sortable headers and editable cells; without, it is read-only and
 * unsorted (others, and the printed copy). Ids are prefixed with `idPrefix`.
 */
export function CupTable({
  events,
  rows,
  admin = false,
  showEmail = false,
  showName = false,
  near,
  selected = [],
  onSelect,
  sort,
  onSort,
  onOpen,
  onSave,
  joinUndo,
  idPrefix = '',
  all = false,
}: {
  events: readonly CupEventView[];
  rows: readonly CupStandingsRow[];
  admin?: boolean;
  showEmail?: boolean;
  showName?: boolean;
  near?: ReadonlyMap<string, string[]>;
  selected?: readonly string[];
  onSelect?: (key: string, on: boolean) => void;
  sort?: CupSort;
  onSort?: (column: CupSort['column']) => void;
  onOpen?: (key: string) => void;
  onSave?: (event: string, team: string, value: number | null) => void;
  /** The latest join, undone from the kept team's row (05 §5). */
  joinUndo?: { keep: string; label: string; busy: boolean; onUndo: () => void };
  idPrefix?: string;
  /** Render every row, not only those near the view (the printed copy). */
  all?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const header = (column: CupSort['column'], label: string, align?: 'right', tip?: string) => (
    <TableCell
      key={String(column)}
      align={align}
      data-tip={tip}
      aria-label={tip}
      data-testid={typeof column === 'number' ? `${idPrefix}cup-col-${column}` : undefined}
      // Without the sort button, a tap focuses the cell and shows its tip.
      tabIndex={tip !== undefined && !(admin && sort && onSort) ? 0 : undefined}
      sx={tip === undefined ? undefined : cssTip('right')}
      sortDirection={admin && sort?.column === column ? (sort.asc ? 'asc' : 'desc') : false}
    >
      {admin && sort && onSort ? (
        <TableSortLabel
          active={sort.column === column}
          direction={sort.asc ? 'asc' : 'desc'}
          onClick={() => onSort(column)}
        >
          {label}
        </TableSortLabel>
      ) : (
        label
      )}
    </TableCell>
  );
  return (
    <TableContainer ref={setBox} sx={{ maxHeight: 700, '@media print': { maxHeight: 'none' } }}>
      <Table size="small" stickyHeader data-testid={`${idPrefix}cup-table`}>
        <TableHead>
          <TableRow>
            {admin && <TableCell padding="checkbox" />}
            {header('place', t('cup.col.place'))}
            {header('name', t('cup.col.team'))}
            {admin && showEmail && <TableCell>{t('cup.col.email')}</TableCell>}
            {admin && showName && <TableCell>{t('cup.col.displayname')}</TableCell>}
            {events.map((e, i) =>
              header(
                i,
                `${i + 1}.`,
                'right',
                [`${i + 1}. ${e.name}`, formatEventDates(e.starttime, null, i18n.language)]
                  .filter(Boolean)
                  .join(' · '),
              ),
            )}
            {header('total', t('cup.col.total'), 'right')}
          </TableRow>
        </TableHead>
        <WindowedBody
          count={rows.length}
          estimate={37}
          scroller={box}
          all={all}
          row={(index) => {
            const r = rows[index]!;
            return (
              <TableRow
                key={r.key}
                data-index={index}
                data-testid={`${idPrefix}cup-row-${r.key}`}
                data-place={r.place ?? ''}
              >
                {admin && (
                  <TableCell padding="checkbox">
                    {/* A plain checkbox: the public table does not load MUI's for the admin's column. */}
                    <input
                      type="checkbox"
                      style={{ width: 18, height: 18, margin: 8 }}
                      checked={selected.includes(r.key)}
                      onChange={(e) => onSelect?.(r.key, e.target.checked)}
                      aria-label={r.name}
                      data-testid={`${idPrefix}cup-select-${r.key}`}
                    />
                  </TableCell>
                )}
                <TableCell sx={{ fontWeight: 600 }}>{r.placeLabel}</TableCell>
                <TableCell title={r.allnames.join(', ')}>
                  {onOpen ? (
                    <Link
                      component="button"
                      underline="hover"
                      color="inherit"
                      onClick={() => onOpen(r.key)}
                      sx={{ textAlign: 'left', font: 'inherit' }}
                      data-testid={`${idPrefix}cup-team-${r.key}`}
                    >
                      {r.name}
                    </Link>
                  ) : (
                    r.name
                  )}
                  {joinUndo?.keep === r.key && (
                    <IconButton
                      size="small"
                      onClick={joinUndo.onUndo}
                      disabled={joinUndo.busy}
                      aria-label={joinUndo.label}
                      data-tip={joinUndo.label}
                      data-testid={`${idPrefix}cup-row-undo-${r.key}`}
                      sx={{ ml: 0.5, p: 0.25, ...cssTip('left', true) }}
                    >
                      <UndoIcon fontSize="small" />
                    </IconButton>
                  )}
                  {near?.has(r.key) && (
                    <Chip
                      size="small"
                      color="warning"
                      sx={{ ml: 1 }}
                      label={t('cup.duplicateof', { names: near.get(r.key)!.join(', ') })}
                      data-testid={`${idPrefix}cup-duplicate-${r.key}`}
                    />
                  )}
                </TableCell>
                {admin && showEmail && <TableCell>{r.email ?? ''}</TableCell>}
                {admin && showName && <TableCell>{r.displayName ?? ''}</TableCell>}
                {events.map((e, i) => (
                  <ScoreCell
                    key={e.id}
                    row={r}
                    index={i}
                    editable={admin && onSave !== undefined}
                    onSave={(value) => onSave?.(e.id, r.key, value)}
                    idPrefix={idPrefix}
                  />
                ))}
                <TableCell
                  align="right"
                  sx={{ fontWeight: 600 }}
                  data-testid={`${idPrefix}cup-total-${r.key}`}
                >
                  {r.total}
                </TableCell>
              </TableRow>
            );
          }}
        />
      </Table>
    </TableContainer>
  );
}
