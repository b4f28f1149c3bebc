import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Snackbar, Stack, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@rada/core';
import { ApiError, api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { errorText } from '../../i18n/errorText.ts';
import { KpMap } from '../map/KpMap.tsx';
import { DeletedKpOnTeamDialog } from '../deletedKps/DeletedKpOnTeamDialog.tsx';
import { RestoreDeletedDialog } from '../deletedKps/RestoreDeletedDialog.tsx';
import { useDeletedKpOnTeam, useRestoreKp } from '../deletedKps/useDeletedKps.ts';
import { CheckpointGrid } from './CheckpointGrid.tsx';
import { useColourMode } from './colouring.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { downloadCheckpoints, kpExportSettings } from './kpFiles.ts';
import type { ExportFormat } from './kpFiles.ts';
import { KpEditDialog } from './KpEditDialog.tsx';
import { KpToolbarContext } from './KpToolbar.tsx';
import type { KpToolbarActions } from './KpToolbar.tsx';
import { OldKpDialog } from './OldKpDialog.tsx';
import { RenumberDialog } from './RenumberDialog.tsx';
import { ResponsesEditor } from './ResponsesEditor.tsx';
import {
  useCheckpoints,
  useCreateCheckpoint,
  useDeleteCheckpoint,
  useUpdateCheckpoint,
} from './useCheckpoints.ts';

/**
 * On extra-wide screens the tab grows out of the page's 1200 px column (centred), so the grid
 * and the map can stand side by side without squeezing the grid's columns.
 */
const BREAKOUT_WIDTH = 'min(calc(100vw - 64px), 2400px)';
const BREAKOUT = {
  width: { xl: BREAKOUT_WIDTH },
  ml: { xl: `calc((100% - ${BREAKOUT_WIDTH}) / 2)` },
} as const;

type DialogName = 'import' | 'renumber' | 'restore' | 'deletedOnTeam' | null;

/** The last deletion, offered for undo in the snackbar. */
interface Undo {
  nr: string;
  deletedId: string;
}

/**
 * The event's checkpoints (route /{evid}/kp): the grid with the map beside it on wide screens
 * and below it on narrow ones, and their dialogs. Admins edit; anyone the server lets read the
 * list (kpsinweb) sees it read-only. Archived events hide add, import, export and delete.
 * `?kp={id}` (the overview's links) selects that KP and brings it into view.
 */
export function CheckpointsTab({ event }: { event: EventSummary }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const list = useCheckpoints(event.id);
  const admin = list.data?.admin === true;
  const archived = list.data?.archived === true || event.arch !== null;
  const editable = admin && !archived;
  const checkpoints = useMemo(() => list.data?.checkpoints ?? [], [list.data]);
  // The value table and start location, for CourseData scores, KML start/finish and the import's
  // score → value class (admins only: others download without them).
  const settings = useQuery({
    queryKey: queryKeys.settings(event.id),
    queryFn: () => api.settings(event.id),
    enabled: admin,
  });
  const exportSettings = useMemo(() => kpExportSettings(settings.data?.settings), [settings.data]);

  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const [colourMode, setColourMode] = useColourMode(event.id);
  const [params] = useSearchParams();
  const linked = params.get('kp');
  const [selectedId, setSelectedId] = useState<string | null>(linked);
  // A new link while the tab is open selects its KP too.
  const [linkShown, setLinkShown] = useState(linked);
  if (linked !== linkShown) {
    setLinkShown(linked);
    if (linked) setSelectedId(linked);
  }
  const [editId, setEditId] = useState<string | null>(null);
  const [responsesId, setResponsesId] = useState<string | null>(null);
  const [newId, setNewId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogName>(null);
  // The old dialog stays open under the import and restore dialogs it opens.
  const [oldOpen, setOldOpen] = useState(false);
  const [undo, setUndo] = useState<Undo | null>(null);

  // Add KP sends one request however fast it is clicked (each would make a KP).
  const create = useMutateOnce(useCreateCheckpoint(event.id));
  const update = useUpdateCheckpoint(event.id);
  const remove = useDeleteCheckpoint(event.id);
  const restore = useRestoreKp(event.id);
  const onTeam = useDeletedKpOnTeam(event.id, admin);

  const byId = useMemo(() => new Map(checkpoints.map((c) => [c.id, c])), [checkpoints]);

  const handleDelete = useCallback(
    (id: string) => {
      const nr = String(byId.get(id)?.kp.nr ?? '');
      remove.mutate(id, {
        onSuccess: (deleted) => setUndo({ nr, deletedId: deleted.id }),
        onError: (e) => notify(errorText(t, e), 'error'),
      });
    },
    [byId, remove, notify, t],
  );
  const handleUndo = () => {
    if (!undo) return;
    const { deletedId, nr } = undo;
    setUndo(null);
    restore.mutate(deletedId, {
      onSuccess: () => notify(t('kp.restored', { nr })),
      onError: (e) => notify(errorText(t, e), 'error'),
    });
  };

  /** Adds a KP with the next number; the grid opens it for editing, the old dialog the editor. */
  const addKp = useCallback(
    (inEditor: boolean) =>
      create.mutate(
        { kp: {}, data: {} },
        {
          onSuccess: (cp) => {
            setSelectedId(cp.id);
            if (inEditor) setEditId(cp.id);
            else setNewId(cp.id);
            notify(t('kp.added', { nr: cp.kp.nr }));
          },
          onError: (e) => notify(errorText(t, e), 'error'),
        },
      ),
    [create, notify, t],
  );
  const handleAdd = useCallback(() => addKp(false), [addKp]);

  const handleDownload = useCallback(
    (format: ExportFormat) => {
      const file = downloadCheckpoints(checkpoints, format, event, i18n.language, exportSettings);
      notify(t('export.downloaded', { file }));
    },
    [checkpoints, event, notify, t, i18n.language, exportSettings],
  );

  const handleMove = useCallback(
    (id: string, loc: { lat: number; lng: number }) =>
      update.mutate(
        { id, body: { data: { loc } } },
        { onError: (e) => notify(errorText(t, e), 'error') },
      ),
    [update, notify, t],
  );
  const handleMarker = useCallback((id: string) => {
    setSelectedId(id);
    setEditId(id);
  }, []);
  const handleNewShown = useCallback(() => setNewId(null), []);

  const toolbar = useMemo<KpToolbarActions>(
    () => ({
      admin,
      canManage: editable,
      editable,
      count: checkpoints.length,
      adding: create.pending,
      onAdd: handleAdd,
      onImport: () => setDialog('import'),
      onDownload: handleDownload,
      printHref: `/${event.id}/kpprint`,
      colourMode,
      onColourMode: setColourMode,
      onRenumber: () => setDialog('renumber'),
      onRestore: () => setDialog('restore'),
      onOldDialog: () => setOldOpen(true),
    }),
    [
      admin,
      editable,
      checkpoints.length,
      create.pending,
      handleAdd,
      handleDownload,
      event.id,
      colourMode,
      setColourMode,
    ],
  );

  if (list.isPending) return <LoadingState />;
  if (list.isError) {
    const denied = list.error instanceof ApiError && [401, 403].includes(list.error.status);
    return denied ? (
      <Alert severity="info" data-testid="kp-noaccess">
        {t('kp.noaccess')}
      </Alert>
    ) : (
      <ErrorState error={list.error} onRetry={() => void list.refetch()} />
    );
  }

  const closeDialog = () => setDialog(null);
  const onTeamCount = onTeam.data?.length ?? 0;

  return (
    <Stack sx={{ gap: 2, ...BREAKOUT }} data-testid="kp-tab">
      {archived && (
        <Alert severity="info" data-testid="kp-archived">
          {t('kp.archived')}
        </Alert>
      )}
      {onTeamCount > 0 && (
        <Alert
          severity="warning"
          data-testid="kp-deletedonteam"
          action={
            <Button color="inherit" size="small" onClick={() => setDialog('deletedOnTeam')}>
              {t('kp.deletedonteam.open')}
            </Button>
          }
        >
          {t('kp.deletedonteam', { count: onTeamCount })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', xl: 'row' }} sx={{ gap: 2, alignItems: 'stretch' }}>
        <Box sx={{ flex: 2, minWidth: 0 }}>
          <KpToolbarContext.Provider value={toolbar}>
            <CheckpointGrid
              eventId={event.id}
              checkpoints={checkpoints}
              admin={admin}
              editable={editable}
              canManage={editable}
              colourMode={colourMode}
              selectedId={selectedId}
              onSelect={setSelectedId}
              newId={newId}
              onNewShown={handleNewShown}
              openEditor={setEditId}
              openResponses={setResponsesId}
              deleteKp={handleDelete}
            />
          </KpToolbarContext.Provider>
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }} data-testid="kp-map-panel">
          <KpMap
            checkpoints={checkpoints}
            colourMode={colourMode}
            editable={editable}
            onMove={handleMove}
            onSelect={handleMarker}
            selectedId={selectedId}
            height={wide ? 'max(480px, calc(100vh - 300px))' : 360}
            eventId={event.id}
          />
        </Box>
      </Stack>

      <KpEditDialog
        eventId={event.id}
        checkpoint={editId ? (byId.get(editId) ?? null) : null}
        checkpoints={checkpoints}
        editable={editable}
        onDelete={editable ? handleDelete : undefined}
        onClose={() => setEditId(null)}
      />
      <ResponsesEditor
        eventId={event.id}
        checkpoint={responsesId ? (byId.get(responsesId) ?? null) : null}
        onClose={() => setResponsesId(null)}
      />
      {editable && (
        <>
          <ImportDialog
            eventId={event.id}
            open={dialog === 'import'}
            checkpoints={checkpoints}
            rakoef={exportSettings.rakoef}
            onClose={closeDialog}
          />
          <RenumberDialog
            eventId={event.id}
            open={dialog === 'renumber'}
            checkpoints={checkpoints}
            onClose={closeDialog}
          />
        </>
      )}
      {admin && (
        <>
          <RestoreDeletedDialog
            eventId={event.id}
            open={dialog === 'restore'}
            onClose={closeDialog}
          />
          <DeletedKpOnTeamDialog
            eventId={event.id}
            open={dialog === 'deletedOnTeam'}
            onClose={closeDialog}
          />
          <OldKpDialog
            event={event}
            open={oldOpen}
            checkpoints={checkpoints}
            editable={editable}
            onClose={() => setOldOpen(false)}
            onAdd={() => addKp(true)}
            onImport={() => setDialog('import')}
            onDownload={handleDownload}
            onRestore={() => setDialog('restore')}
            onEdit={setEditId}
            onDelete={handleDelete}
          />
        </>
      )}
      <Snackbar
        key={undo?.deletedId}
        open={undo !== null}
        autoHideDuration={8000}
        onClose={(_e, reason) => {
          if (reason !== 'clickaway') setUndo(null);
        }}
        // Left, so it does not cover the app's own notices in the centre.
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        message={undo ? t('kp.deleted', { nr: undo.nr }) : ''}
        action={
          <Button color="secondary" size="small" onClick={handleUndo} data-testid="kp-undo">
            {t('kp.undo')}
          </Button>
        }
        slotProps={{ content: { 'data-testid': 'kp-undo-snackbar' } as object }}
      />
    </Stack>
  );
}
