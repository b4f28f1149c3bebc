import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box } from '@mui/material';
import {
  DataGrid,
  GridRow,
  GridRowEditStopReasons,
  GridRowModes,
  gridExpandedSortedRowIdsSelector,
  useGridApiRef,
} from '@mui/x-data-grid';
import type {
  GridEventListener,
  GridColumnVisibilityModel,
  GridPaginationModel,
  GridRowClassNameParams,
  GridRowModesModel,
  GridRowProps,
  GridRowSelectionModel,
} from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { KP_GRID_PAGE_SIZE, KP_GRID_PAGE_SIZES } from '@rada/core';
import type { Checkpoint, KpColourMode } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorKey, errorText } from '../../i18n/errorText.ts';
import { rowTintClass, tintStyles } from './colouring.ts';
import { gridLocaleText } from './gridLocale.ts';
import { KP_CELL_STYLES } from './kpCells.tsx';
import { kpColumns } from './kpColumns.tsx';
import { KP_GRID_NARROW_WIDTH, columnChoices, kpColumnVisibility } from './kpColumnTiers.ts';
import { useElementWidth } from '../../hooks/useElementWidth.ts';
import { KpGridContext } from './kpGridContext.ts';
import type { KpGridActions } from './kpGridContext.ts';
import { rowPatch, toRow } from './kpRows.ts';
import type { KpRow } from './kpRows.ts';
import { KP_TOOLBAR_STYLES, KpToolbar } from './KpToolbar.tsx';
import { useUpdateCheckpoint } from './useCheckpoints.ts';

/** A grid row carrying `data-testid="kp-row-{nr}"` for browser tests. */
const KpGridRow = memo(function KpGridRow(props: GridRowProps) {
  return <GridRow {...props} data-testid={`kp-row-${String((props.row as KpRow).nr)}`} />;
});

const TINT_STYLES = tintStyles();
const INITIAL_STATE = {
  sorting: { sortModel: [{ field: 'nr', sort: 'asc' as const }] },
};

export interface CheckpointGridProps {
  eventId: string;
  checkpoints: Checkpoint[];
  admin: boolean;
  /** May edit cells (admin, event not archived). */
  editable: boolean;
  /** May delete (and add, import, export): admin, event not archived. */
  canManage: boolean;
  colourMode: KpColourMode;
  /** The KP chosen on the map or in the grid, shown selected and brought into view. */
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** A KP just added: brought into view and opened for editing (description focused). */
  newId: string | null;
  onNewShown: () => void;
  openEditor: (id: string) => void;
  openResponses: (id: string) => void;
  deleteKp: (id: string) => void;
}

/**
 * The new KP grid (spec 01 screen 9): row editing saved by PATCH (double-click a cell or the
 * edit icon, Enter saves, Escape cancels), server refusals shown on the row, sorted by nr with
 * compareKpNr, 50 rows a page. The toolbar reads its actions from KpToolbarContext.
 */
export function CheckpointGrid({
  eventId,
  checkpoints,
  admin,
  editable,
  canManage,
  colourMode,
  selectedId,
  onSelect,
  newId,
  onNewShown,
  openEditor,
  openResponses,
  deleteKp,
}: CheckpointGridProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const apiRef = useGridApiRef();
  const update = useUpdateCheckpoint(eventId);
  const [rowModes, setRowModes] = useState<GridRowModesModel>({});
  const [rowErrors, setRowErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const [pagination, setPagination] = useState<GridPaginationModel>({
    page: 0,
    pageSize: KP_GRID_PAGE_SIZE,
  });

  const latest = useRef(checkpoints);
  useEffect(() => {
    latest.current = checkpoints;
  }, [checkpoints]);

  const rows = useMemo(() => checkpoints.map(toRow), [checkpoints]);
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useElementWidth(box);
  const narrow = width < KP_GRID_NARROW_WIDTH;
  const columns = useMemo(
    // `current` is read only while a number is being edited, never during render; reading
    // the list through the ref keeps the columns the same object as rows change.
    // eslint-disable-next-line react-hooks/refs
    () => kpColumns({ t, admin, editable, narrow, current: () => latest.current }),
    // The language is a dependency through `t`; i18n.language makes a switch rebuild them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, admin, editable, narrow],
  );
  // The columns that fit the grid's width, with the reader's own choices from the columns panel.
  const [choices, setChoices] = useState<GridColumnVisibilityModel>({});
  const visibility = useMemo(
    () => ({ ...kpColumnVisibility(width), ...choices }),
    [width, choices],
  );
  const changeVisibility = useCallback(
    (next: GridColumnVisibilityModel) => setChoices((c) => columnChoices(c, visibility, next)),
    [visibility],
  );
  const localeText = useMemo(() => gridLocaleText(t), [t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const setRowError = useCallback((id: string, key: string | null) => {
    setRowErrors((prev) => {
      if ((prev.get(id) ?? null) === key) return prev;
      const next = new Map(prev);
      if (key === null) next.delete(id);
      else next.set(id, key);
      return next;
    });
  }, []);

  const processRowUpdate = useCallback(
    async (newRow: KpRow, oldRow: KpRow): Promise<KpRow> => {
      let body;
      try {
        body = rowPatch(oldRow.cp, newRow);
      } catch (e) {
        setRowError(oldRow.id, e instanceof Error ? e.message : 'error.unknown');
        throw e;
      }
      if (!body) {
        setRowError(oldRow.id, null);
        return oldRow;
      }
      try {
        const cp = await update.mutateAsync({ id: oldRow.id, body });
        setRowError(oldRow.id, null);
        return toRow(cp);
      } catch (e) {
        setRowError(oldRow.id, errorKey(e));
        throw e;
      }
    },
    [update, setRowError],
  );
  // Escape throws the edit away, and with it the last refusal of that edit.
  const handleRowEditStop = useCallback<GridEventListener<'rowEditStop'>>(
    (params) => {
      if (params.reason === GridRowEditStopReasons.escapeKeyDown)
        setRowError(String(params.id), null);
    },
    [setRowError],
  );
  const handleUpdateError = useCallback(
    (e: unknown) => notify(errorText(t, e), 'error'),
    [notify, t],
  );

  /** Shows the page holding `id` and scrolls it into view. */
  const reveal = useCallback(
    (id: string) => {
      const index = gridExpandedSortedRowIdsSelector(apiRef).indexOf(id);
      if (index < 0) return false;
      setPagination((p) => {
        const page = Math.floor(index / p.pageSize);
        return p.page === page ? p : { ...p, page };
      });
      requestAnimationFrame(() => {
        const pageSize = apiRef.current?.state.pagination.paginationModel.pageSize ?? 1;
        apiRef.current?.scrollToIndexes({ rowIndex: index % pageSize });
      });
      return true;
    },
    [apiRef],
  );

  // A KP selected before the grid holds its row (opened by a link) is shown once the row is there.
  const revealed = useRef<string | null>(null);
  const ready = width > 0 && rows.length > 0;
  useEffect(() => {
    if (!selectedId || !ready || revealed.current === selectedId) return;
    // The grid takes in its rows on its next render; wait for it before paging to the row.
    const timer = setTimeout(() => {
      if (reveal(selectedId)) revealed.current = selectedId;
    }, 0);
    return () => clearTimeout(timer);
  }, [selectedId, ready, rows, reveal]);

  useEffect(() => {
    if (!newId || !rows.some((r) => r.id === newId)) return;
    // The grid takes in new rows on its next render; wait for it before paging to the row.
    const timer = setTimeout(() => {
      if (!reveal(newId)) return;
      setRowModes((m) => ({ ...m, [newId]: { mode: GridRowModes.Edit, fieldToFocus: 'desc' } }));
      onNewShown();
    }, 0);
    return () => clearTimeout(timer);
  }, [newId, rows, reveal, onNewShown]);

  const actions = useMemo<KpGridActions>(
    () => ({
      editable,
      canManage,
      admin,
      rowModes,
      rowErrors,
      startEdit: (id) => setRowModes((m) => ({ ...m, [id]: { mode: GridRowModes.Edit } })),
      saveEdit: (id) => setRowModes((m) => ({ ...m, [id]: { mode: GridRowModes.View } })),
      cancelEdit: (id) => {
        setRowError(id, null);
        setRowModes((m) => ({
          ...m,
          [id]: { mode: GridRowModes.View, ignoreModifications: true },
        }));
      },
      openEditor,
      openResponses,
      deleteKp,
    }),
    [
      editable,
      canManage,
      admin,
      rowModes,
      rowErrors,
      setRowError,
      openEditor,
      openResponses,
      deleteKp,
    ],
  );

  const getRowClassName = useCallback(
    ({ row }: GridRowClassNameParams<KpRow>) => {
      const tint = rowTintClass(row.cp.kp, colourMode);
      return rowErrors.has(row.id) ? `${tint} kp-row-error` : tint;
    },
    [colourMode, rowErrors],
  );

  const selection = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selectedId ? [selectedId] : []) }),
    [selectedId],
  );

  return (
    <KpGridContext.Provider value={actions}>
      <Box
        ref={setBox}
        sx={{ height: { xs: 560, md: 'max(480px, calc(100vh - 300px))' }, minWidth: 0 }}
        data-testid="kp-grid"
      >
        {/* Rendered once the width is known, so the columns that fit are the first ones drawn. */}
        {width > 0 && (
          <DataGrid
            // No `new Function` filter compilation: the CSP has no 'unsafe-eval'.
            disableEval
            // A page holds at most 100 rows: rendered whole, they scroll without re-rendering
            // (virtualised, every scrolled row re-ran each cell's selectors; bench kpGrid).
            disableVirtualization
            apiRef={apiRef}
            label={t('event.tab.kp')}
            rows={rows}
            columns={columns}
            columnVisibilityModel={visibility}
            onColumnVisibilityModelChange={changeVisibility}
            localeText={localeText}
            editMode="row"
            rowModesModel={rowModes}
            onRowModesModelChange={setRowModes}
            processRowUpdate={processRowUpdate}
            onProcessRowUpdateError={handleUpdateError}
            onRowEditStop={handleRowEditStop}
            initialState={INITIAL_STATE}
            paginationModel={pagination}
            onPaginationModelChange={setPagination}
            pageSizeOptions={[...KP_GRID_PAGE_SIZES]}
            rowSelectionModel={selection}
            onRowClick={({ id }) => onSelect(String(id))}
            getRowClassName={getRowClassName}
            density="compact"
            hideFooterSelectedRowCount
            showToolbar
            slots={{ toolbar: KpToolbar, row: KpGridRow }}
            sx={{
              bgcolor: 'background.paper',
              ...TINT_STYLES,
              ...KP_CELL_STYLES,
              ...KP_TOOLBAR_STYLES,
              '& .kp-row-error': { boxShadow: (th) => `inset 3px 0 0 ${th.palette.error.main}` },
            }}
          />
        )}
      </Box>
    </KpGridContext.Provider>
  );
}
