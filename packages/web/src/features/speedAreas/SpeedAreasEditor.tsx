import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { speedSettingsOf } from '@rada/core';
import type { EventSummary, SpeedArea } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { areaOf, emptyForm, formOf, newAreaId, pointsOf, verticesOf } from './areaDraft.ts';
import type { AreaForm, Vertex } from './areaDraft.ts';
import { SpeedAreaDialog } from './SpeedAreaDialog.tsx';
import { SpeedTicketsTable } from './SpeedTicketsTable.tsx';
import { useDeleteSpeedArea, usePutSpeedArea, useSpeedAreas } from './useSpeedAreas.ts';

const SpeedAreaMap = lazy(() => import('./SpeedAreaMap.tsx'));

/** What the map is doing: nothing, drawing a polygon (a new area or `id` redrawn), or moving vertices. */
type Mode =
  | { kind: 'idle' }
  | { kind: 'draw'; id: string | null }
  | { kind: 'shape'; id: string; vertices: Vertex[] };

interface DialogState {
  id: string | null;
  vertices: Vertex[];
  form: AreaForm;
}

/**
 * Speed areas on a map and the event's speed tickets (Settings tab, after the speed settings;
 * docs/speed-tickets.md). "Add area", then click the map for each corner and double-click or
 * press Finish; a dialog asks for name, limit, restricted and timed. Areas are edited from the
 * list: properties in the dialog, the shape by dragging its corners or redrawing it.
 */
export function SpeedAreasEditor({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const areas = useSpeedAreas(event.id);
  const settings = useQuery({
    queryKey: queryKeys.settings(event.id),
    queryFn: () => api.settings(event.id),
  });
  // The limit in force: the stored one, else the event type's (none for teams on foot).
  const eventLimit = speedSettingsOf(settings.data?.speed ?? {}, event.type).limit;
  const put = usePutSpeedArea(event.id);
  const remove = useDeleteSpeedArea(event.id);

  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  // The polygon being drawn; a ref as well, so a double-click right after clicks sees them all.
  const draftRef = useRef<Vertex[]>([]);
  const [draft, setDraft] = useState<Vertex[]>([]);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const all = areas.data ?? {};

  const save = (id: string | null, area: SpeedArea, done?: () => void) =>
    put.mutate(
      { id: id ?? newAreaId(Object.keys(all), Date.now()), area },
      {
        onSuccess: () => {
          notify(t('speedareas.saved'), 'success');
          done?.();
        },
        onError: (e) => notify(errorText(t, e), 'error'),
      },
    );

  const startDrawing = (id: string | null) => {
    draftRef.current = [];
    setDraft([]);
    setMode({ kind: 'draw', id });
  };
  const handleAddVertex = useCallback((v: Vertex) => {
    draftRef.current = [...draftRef.current, v];
    setDraft(draftRef.current);
  }, []);
  const handleFinish = () => {
    if (mode.kind !== 'draw') return;
    const vertices = draftRef.current;
    if (pointsOf(vertices).length < 3) {
      notify(t('speedareas.toofew'), 'info');
      return;
    }
    setMode({ kind: 'idle' });
    const existing = mode.id !== null ? all[mode.id] : undefined;
    if (mode.id !== null && existing) save(mode.id, { ...existing, area: pointsOf(vertices) });
    else setDialog({ id: null, vertices, form: emptyForm });
  };
  const handleMoveVertex = useCallback((index: number, v: Vertex) => {
    setMode((m) =>
      m.kind === 'shape'
        ? { ...m, vertices: m.vertices.map((old, i) => (i === index ? v : old)) }
        : m,
    );
  }, []);
  const handleSelect = useCallback(
    (id: string) => {
      const a = areas.data?.[id];
      if (a) setDialog({ id, vertices: verticesOf(a), form: formOf(a) });
    },
    [areas.data],
  );

  const drawing = mode.kind === 'draw';
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      data-testid="speed-areas"
    >
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('speedareas.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('speedareas.help')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {mode.kind === 'idle' && (
          <Button
            variant="contained"
            onClick={() => startDrawing(null)}
            data-testid="speed-add-area"
          >
            {t('speedareas.add')}
          </Button>
        )}
        {drawing && (
          <>
            <Button
              variant="contained"
              onClick={handleFinish}
              disabled={pointsOf(draft).length < 3}
              data-testid="speed-finish"
            >
              {t('speedareas.finish')}
            </Button>
            <Button onClick={() => setMode({ kind: 'idle' })}>{t('common.cancel')}</Button>
            <Typography variant="body2" color="text.secondary" data-testid="speed-draw-hint">
              {t('speedareas.drawhint', { count: draft.length })}
            </Typography>
          </>
        )}
        {mode.kind === 'shape' && (
          <>
            <Button
              variant="contained"
              disabled={put.isPending}
              onClick={() => {
                const a = all[mode.id];
                if (a)
                  save(mode.id, { ...a, area: pointsOf(mode.vertices) }, () =>
                    setMode({ kind: 'idle' }),
                  );
              }}
              data-testid="speed-save-shape"
            >
              {t('speedareas.saveshape')}
            </Button>
            <Button onClick={() => startDrawing(mode.id)}>{t('speedareas.redraw')}</Button>
            <Button onClick={() => setMode({ kind: 'idle' })}>{t('common.cancel')}</Button>
            <Typography variant="body2" color="text.secondary">
              {t('speedareas.draghint')}
            </Typography>
          </>
        )}
      </Stack>
      {areas.isPending ? (
        <LoadingState />
      ) : areas.isError ? (
        <ErrorState message={errorText(t, areas.error)} onRetry={() => void areas.refetch()} />
      ) : (
        <Stack sx={{ gap: 2 }}>
          <Suspense fallback={<LoadingState />}>
            <SpeedAreaMap
              areas={all}
              draft={drawing ? draft : null}
              editing={mode.kind === 'shape' ? { id: mode.id, vertices: mode.vertices } : null}
              onAddVertex={handleAddVertex}
              onFinish={handleFinish}
              onMoveVertex={handleMoveVertex}
              onSelect={handleSelect}
              eventId={event.id}
            />
          </Suspense>
          <AreaList
            areas={all}
            eventLimit={eventLimit}
            busy={mode.kind !== 'idle'}
            onEdit={handleSelect}
            onShape={(id) => {
              const a = all[id];
              if (a) setMode({ kind: 'shape', id, vertices: verticesOf(a) });
            }}
            onDelete={setDeleting}
          />
          <SpeedTicketsTable eventId={event.id} areas={all} />
        </Stack>
      )}
      {dialog && (
        <SpeedAreaDialog
          open
          initial={dialog.form}
          eventLimit={eventLimit}
          saving={put.isPending}
          onClose={() => setDialog(null)}
          onSave={(form) => {
            const area = areaOf(form, dialog.vertices);
            if (area) save(dialog.id, area, () => setDialog(null));
          }}
        />
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)}>
        <DialogTitle>{t('speedareas.delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('speedareas.delete.text', {
              name: deleting ? (all[deleting]?.name ?? deleting) : '',
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('common.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="speed-delete-confirm"
            onClick={() => {
              if (deleting === null) return;
              remove.mutate(deleting, { onError: (e) => notify(errorText(t, e), 'error') });
              setDeleting(null);
            }}
          >
            {t('speedareas.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function AreaList({
  areas,
  eventLimit,
  busy,
  onEdit,
  onShape,
  onDelete,
}: {
  areas: Record<string, SpeedArea>;
  eventLimit: number | null;
  busy: boolean;
  onEdit: (id: string) => void;
  onShape: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { t } = useTranslation();
  const entries = Object.entries(areas).sort(([, a], [, b]) => a.name.localeCompare(b.name));
  if (entries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="speed-areas-empty">
        {t('speedareas.empty')}
      </Typography>
    );
  }
  return (
    <List dense disablePadding data-testid="speed-area-list">
      {entries.map(([id, a]) => (
        <ListItem
          key={id}
          divider
          data-testid={`speed-area-${id}`}
          sx={{ flexWrap: 'wrap', columnGap: 1, px: 0 }}
        >
          <ListItemText
            sx={{ flex: '1 1 12rem' }}
            primary={a.name}
            secondary={
              <Stack component="span" direction="row" sx={{ gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                <Chip
                  component="span"
                  size="small"
                  label={
                    a.limit !== null
                      ? t('speedareas.chip.limit', { limit: a.limit })
                      : eventLimit !== null
                        ? t('speedareas.chip.eventlimit', { limit: eventLimit })
                        : t('speedareas.chip.nolimit')
                  }
                />
                {a.restricted && (
                  <Chip
                    component="span"
                    size="small"
                    color="error"
                    label={t('speedareas.restricted')}
                  />
                )}
                {a.timed && (
                  <Chip
                    component="span"
                    size="small"
                    color="warning"
                    label={t('speedareas.timed')}
                  />
                )}
              </Stack>
            }
          />
          <Stack direction="row" sx={{ gap: 0.5 }}>
            <Button size="small" disabled={busy} onClick={() => onEdit(id)}>
              {t('speedareas.edit')}
            </Button>
            <Button size="small" disabled={busy} onClick={() => onShape(id)}>
              {t('speedareas.editshape')}
            </Button>
            <Button size="small" color="error" disabled={busy} onClick={() => onDelete(id)}>
              {t('speedareas.delete')}
            </Button>
          </Stack>
        </ListItem>
      ))}
    </List>
  );
}
