import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  LinearProgress,
  ListItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownIcon from '@mui/icons-material/ArrowDownward';
import UpIcon from '@mui/icons-material/ArrowUpward';
import EditIcon from '@mui/icons-material/Edit';
import PlaceIcon from '@mui/icons-material/PinDrop';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { EventMapImageView, EventMapPatch, EventSummary } from '@rada/core';
import { mapImageUrl } from '../../api/client.ts';
import { DateTimeField, DATE_TIME_INPUT_FORMAT } from '../../components/DateTimeField.tsx';
import { SaveStatusIcon } from '../../components/SaveStatusIcon.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useAutosave } from '../settings/useAutosave.ts';
import { megabytes, sizeText } from './format.ts';
import { useMoveMapImage, usePatchMapImage } from './useMapImages.ts';

/** The thumbnail's box, CSS px (the image is asked at twice that for sharp screens). */
const THUMB = { width: 112, height: 84 };

/**
 * One map image of the panel: thumbnail, name, size, placement and tile state, and its switches
 * and "hidden until" time (each saved at once; the time a second after typing stops); arrows
 * move it up or down among the event's maps (the first is drawn on top).
 */
export function MapImageRow({
  event,
  map,
  index,
  count,
  onPlace,
  onDelete,
}: {
  event: EventSummary;
  map: EventMapImageView;
  /** Its place in the panel's list, and the list's length. */
  index: number;
  count: number;
  onPlace: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const patch = usePatchMapImage(event.id);
  const move = useMoveMapImage(event.id);
  const moveTo = (position: number) =>
    move.mutate({ mapId: map.id, position }, { onError: (e) => notify(errorText(t, e), 'error') });
  /** A switch's value while its change is on the way. */
  const [pending, setPending] = useState<Partial<Record<'published' | 'inLibrary', boolean>>>({});
  const change = (key: 'published' | 'inLibrary', value: boolean) => {
    setPending((p) => ({ ...p, [key]: value }));
    patch.mutate(
      { mapId: map.id, patch: { [key]: value } satisfies EventMapPatch },
      {
        onError: (e) => notify(errorText(t, e), 'error'),
        onSettled: () =>
          setPending((p) => {
            const next = { ...p };
            delete next[key];
            return next;
          }),
      },
    );
  };
  const published = pending.published ?? map.published;
  const inLibrary = pending.inLibrary ?? map.inLibrary;
  const placed = map.placement !== null;

  return (
    <ListItem
      divider
      disableGutters
      data-testid={`mapimage-${map.id}`}
      data-state={map.state}
      sx={{ alignItems: 'flex-start', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: 2 }}
    >
      <Box
        component="img"
        src={mapImageUrl(event.id, map.id, THUMB.width * 2)}
        alt=""
        loading="lazy"
        sx={{
          ...THUMB,
          flex: 'none',
          objectFit: 'contain',
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      />
      <Stack sx={{ flex: { xs: '1 1 100%', sm: 1 }, minWidth: 0, gap: 1 }}>
        <Box>
          <NameLine eventId={event.id} map={map} />
          <Typography variant="body2" color="text.secondary">
            {sizeText(map)}
            {map.placement && ` · ${placementText(t, map)}`}
          </Typography>
        </Box>
        <StateLine map={map} />
        <Stack
          direction="row"
          sx={{ gap: { xs: 0, sm: 2 }, flexWrap: 'wrap', alignItems: 'center' }}
        >
          <Tooltip title={placed ? '' : t('maps.error.notplaced')}>
            <FormControlLabel
              control={
                <Switch
                  checked={published}
                  disabled={!placed || pending.published !== undefined}
                  onChange={(e) => change('published', e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'mapimage-published' } as object }}
                />
              }
              label={t('mapimages.published')}
            />
          </Tooltip>
          <FormControlLabel
            control={
              <Switch
                checked={inLibrary}
                disabled={pending.inLibrary !== undefined}
                onChange={(e) => change('inLibrary', e.target.checked)}
                slotProps={{ input: { 'data-testid': 'mapimage-library' } as object }}
              />
            }
            label={t('mapimages.inlibrary')}
          />
        </Stack>
        <PublicFromField event={event} map={map} />
        <Typography variant="body2" color="text.secondary" data-testid="mapimage-visibility">
          {visibilityText(t, map)}
        </Typography>
      </Stack>
      <Stack
        direction={{ xs: 'row', sm: 'column' }}
        sx={{ gap: 1, alignItems: { xs: 'center', sm: 'flex-end' }, flex: 'none' }}
      >
        <Button
          variant={placed ? 'outlined' : 'contained'}
          startIcon={<PlaceIcon />}
          onClick={onPlace}
          data-testid="mapimage-place"
        >
          {map.placement?.source === 'points' ? t('mapimages.editpoints') : t('mapimages.place')}
        </Button>
        {count > 1 && (
          <Stack direction="row">
            <IconButton
              aria-label={t('mapimages.moveup')}
              disabled={index === 0 || move.isPending}
              onClick={() => moveTo(index - 1)}
              data-testid="mapimage-up"
            >
              <UpIcon />
            </IconButton>
            <IconButton
              aria-label={t('mapimages.movedown')}
              disabled={index === count - 1 || move.isPending}
              onClick={() => moveTo(index + 1)}
              data-testid="mapimage-down"
            >
              <DownIcon />
            </IconButton>
          </Stack>
        )}
        <IconButton
          aria-label={t('mapimages.delete')}
          onClick={onDelete}
          color="error"
          data-testid="mapimage-delete"
        >
          <DeleteIcon />
        </IconButton>
      </Stack>
    </ListItem>
  );
}

/**
 * The map's name, and a pencil that makes it a field: Enter or leaving it saves (the name is the
 * map image's, so every event that shows it and the library follow), Escape puts it back.
 */
function NameLine({ eventId, map }: { eventId: string; map: EventMapImageView }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const patch = usePatchMapImage(eventId);
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    const name = draft?.trim() ?? '';
    setDraft(null);
    if (name === '' || name === map.name) return;
    patch.mutate(
      { mapId: map.id, patch: { name } },
      {
        onSuccess: () => notify(t('mapimages.renamed', { name }), 'success'),
        onError: (e) => notify(errorText(t, e), 'error'),
      },
    );
  };
  if (draft !== null) {
    return (
      <TextField
        size="small"
        fullWidth
        autoFocus
        label={t('mapimages.name')}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') {
            e.stopPropagation();
            setDraft(null);
          }
        }}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'mapimage-name-field' } }}
      />
    );
  }
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="mapimage-name">
        {patch.isPending ? (patch.variables?.patch.name ?? map.name) : map.name}
      </Typography>
      <Tooltip title={t('mapimages.rename')}>
        <IconButton
          size="small"
          aria-label={t('mapimages.rename')}
          onClick={() => setDraft(map.name)}
          data-testid="mapimage-rename"
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** How the map was placed: "placed by a KMZ/KML", "… by 4 points". */
function placementText(t: T, map: EventMapImageView): string {
  const p = map.placement!;
  return p.source === 'points'
    ? t('mapimages.placedby.points', { count: p.points?.length ?? 0 })
    : t(`mapimages.placedby.${p.source}`);
}

/** Who sees the map: only the admins, the public from a time, or the public. */
function visibilityText(t: T, map: EventMapImageView): string {
  if (!map.published) return t('mapimages.visible.admins');
  if (map.publicFrom !== null && map.publicFrom > Date.now())
    return t('mapimages.visible.from', {
      time: dayjs(map.publicFrom).format(DATE_TIME_INPUT_FORMAT),
    });
  return t('mapimages.visible.public');
}

/** The tile state: needs placing, cutting (with its progress), ready (zooms and size), failed. */
function StateLine({ map }: { map: EventMapImageView }) {
  const { t } = useTranslation();
  switch (map.state) {
    case 'unplaced':
      return (
        <Box>
          <Chip
            size="small"
            color="warning"
            label={t('mapimages.state.unplaced')}
            data-testid="mapimage-state"
          />
        </Box>
      );
    case 'cutting': {
      const percent = map.progress === null ? null : Math.round(map.progress * 100);
      return (
        <Stack sx={{ gap: 0.5, maxWidth: 360 }} data-testid="mapimage-state">
          <Typography variant="body2">
            {percent === null
              ? t('mapimages.state.cutting')
              : t('mapimages.state.cuttingpercent', { percent })}
          </Typography>
          <LinearProgress
            variant={percent === null ? 'indeterminate' : 'determinate'}
            value={percent ?? 0}
            aria-label={t('mapimages.state.cutting')}
          />
        </Stack>
      );
    }
    case 'ready': {
      const grids = Object.values(map.tiles?.grids ?? {});
      const minZoom = Math.min(...grids.map((g) => g.minZoom));
      const maxZoom = Math.max(...grids.map((g) => g.maxZoom));
      const bytes = grids.reduce((s, g) => s + g.bytes, 0);
      return (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color="success"
            label={t('mapimages.state.ready')}
            data-testid="mapimage-state"
          />
          {grids.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('mapimages.tiles', { min: minZoom, max: maxZoom, size: megabytes(bytes) })}
            </Typography>
          )}
        </Stack>
      );
    }
    case 'failed':
      return (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color="error"
            label={t('mapimages.state.failed')}
            data-testid="mapimage-state"
          />
          <Typography variant="body2" color="error">
            {t(map.error ?? 'maps.error.cut', { defaultValue: t('maps.error.cut') })}
          </Typography>
        </Stack>
      );
  }
}

/**
 * "Hidden from the public until": a time, empty for "as soon as published"; offers the event's
 * start with one click (teams must not see the map before they start).
 */
function PublicFromField({ event, map }: { event: EventSummary; map: EventMapImageView }) {
  const { t } = useTranslation();
  const patch = usePatchMapImage(event.id);
  const server = useMemo(
    () => (map.publicFrom === null ? null : dayjs(map.publicFrom)),
    [map.publicFrom],
  );
  const field = useAutosave<Dayjs | null>({
    id: `mapimage-publicfrom-${map.id}`,
    serverDraft: server,
    validate: (d) => (d === null || d.isValid() ? null : 'starttime.error.invalid'),
    save: async (d) => {
      await patch.mutateAsync({ mapId: map.id, patch: { publicFrom: d?.valueOf() ?? null } });
    },
  });
  const start = event.starttime;
  const offerStart = start !== null && (field.draft === null || field.draft.valueOf() !== start);
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Box sx={{ width: { xs: '100%', sm: 280 } }}>
        <DateTimeField
          label={t('mapimages.publicfrom')}
          value={field.draft}
          onChange={(d) => field.change(d)}
          onBlur={field.flush}
          error={field.error ? t(field.error, { defaultValue: t('error.unknown') }) : null}
          helperText={t('mapimages.publicfrom.help')}
          clearable
          testId="mapimage-publicfrom"
        />
      </Box>
      {offerStart && (
        <Button
          size="small"
          sx={{ mt: 0.5 }}
          onClick={() => field.change(dayjs(start), { immediate: true })}
          data-testid="mapimage-publicfrom-start"
        >
          {t('mapimages.publicfrom.start', {
            time: dayjs(start).format(DATE_TIME_INPUT_FORMAT),
          })}
        </Button>
      )}
      <Box sx={{ pt: 1 }}>
        <SaveStatusIcon status={field.status} testId="mapimage-publicfrom-status" />
      </Box>
    </Stack>
  );
}
