import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_OFFLINE_MAX_ZOOM,
  LAYER_TYPES,
  MAP_DEFAULT_CENTER,
  MAP_DEFAULT_ZOOM,
  readMapSetting,
} from '@rada/core';
import type { EventMapView, LayerType, WmtsLayerConf } from '@rada/core';
import { useConfig } from '../auth/useMe.ts';
import { BaseLayers, useEventMap } from '../map/BaseLayers.tsx';
import { KeepSize } from '../map/KeepSize.tsx';
import { LAYER_FIELDS, draftOfMap, mapOfDraft, moved, setField } from './mapDraft.ts';
import type { DraftLayer, DraftMap } from './mapDraft.ts';
import { WmtsPicker } from './WmtsPicker.tsx';
import type { DraftEditorProps } from '../settings/SettingInputs.tsx';
import { ZoomButtons } from '../map/ZoomButtons.tsx';

interface MapSettingEditorProps extends DraftEditorProps {
  eventId: string;
  /** Saves another setting (the event area drawn from the preview). */
  saveSetting: (key: string, value: unknown) => Promise<void>;
}

/** One layer's form: type, title (user layers), the type's fields, its flags. */
function LayerForm({
  layer,
  titled,
  eventId,
  onChange,
  testId,
}: {
  layer: DraftLayer;
  titled: boolean;
  eventId: string;
  onChange: (layer: DraftLayer, immediate: boolean) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const config = useConfig();
  const keys = config.data?.mapKeys;
  const conf = layer.conf;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const needsKey =
    (layer.type === 'google' && !keys?.google) || (layer.type === 'bing' && !keys?.bing);
  const wmtsChosen =
    layer.type === 'maaamet'
      ? [text(conf.layer)].filter(Boolean)
      : layer.type === 'maametmulti' && Array.isArray(conf.layers)
        ? (conf.layers as { layer?: string }[]).map((l) => l.layer ?? '')
        : [];
  return (
    <Stack sx={{ gap: 1.5 }} data-testid={testId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1 }}>
        <TextField
          select
          size="small"
          label={t('map.field.type')}
          value={layer.type}
          onChange={(e) =>
            onChange({ ...layer, type: e.target.value as LayerType, conf: {} }, true)
          }
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-type` } }}
        >
          {LAYER_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`map.type.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        {titled && (
          <TextField
            size="small"
            fullWidth
            required
            label={t('map.field.title')}
            value={layer.title ?? ''}
            onChange={(e) => onChange({ ...layer, title: e.target.value }, false)}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-title` } }}
          />
        )}
      </Stack>
      {needsKey && (
        <Alert severity="info" sx={{ py: 0 }}>
          {t('map.nokey', { provider: t(`map.type.${layer.type}`) })}
        </Alert>
      )}
      {(layer.type === 'maaamet' || layer.type === 'maametmulti') && (
        <WmtsPicker
          eventId={eventId}
          initialUrl={text(conf.capabilities)}
          multiple={layer.type === 'maametmulti'}
          chosen={wmtsChosen}
          testId={`${testId}-wmts`}
          onPick={(confs: WmtsLayerConf[]) =>
            onChange(
              {
                ...layer,
                conf:
                  layer.type === 'maaamet'
                    ? { ...confs[0] }
                    : { capabilities: confs[0]?.capabilities, layers: confs },
              },
              true,
            )
          }
        />
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {LAYER_FIELDS[layer.type].map((f) => {
          const id = `${testId}-${f.key}`;
          if (f.kind === 'bool') {
            return (
              <FormControlLabel
                key={f.key}
                label={t(`map.field.${f.key}`)}
                control={
                  <Checkbox
                    size="small"
                    checked={conf[f.key] === true}
                    onChange={(e) =>
                      onChange({ ...layer, conf: setField(conf, f.key, e.target.checked) }, true)
                    }
                  />
                }
              />
            );
          }
          return (
            <TextField
              key={f.key}
              size="small"
              select={f.kind === 'select'}
              type={f.kind === 'number' ? 'number' : 'text'}
              required={f.required}
              label={t(`map.field.${f.key}`)}
              value={text(conf[f.key])}
              onChange={(e) => {
                const raw = e.target.value;
                const value = f.kind === 'number' ? (raw === '' ? undefined : Number(raw)) : raw;
                onChange({ ...layer, conf: setField(conf, f.key, value) }, f.kind === 'select');
              }}
              slotProps={{ htmlInput: { 'data-testid': id } }}
              sx={f.key === 'url' ? { gridColumn: { sm: '1 / -1' } } : undefined}
            >
              {f.kind === 'select' && <MenuItem value="">{t('map.field.default')}</MenuItem>}
              {(f.options ?? []).map((o) => (
                <MenuItem key={o} value={o}>
                  {o}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        {(['private', 'overlay', 'offline'] as const).map((flag) => (
          <Tooltip key={flag} title={t(`map.flag.${flag}.help`)}>
            <FormControlLabel
              label={t(`map.flag.${flag}`)}
              control={
                <Checkbox
                  size="small"
                  checked={layer[flag] === true}
                  onChange={(e) => {
                    const next = { ...layer };
                    if (e.target.checked) next[flag] = true;
                    else delete next[flag];
                    onChange(next, true);
                  }}
                  slotProps={{
                    input: { 'data-testid': `${testId}-${flag}` } as object,
                  }}
                />
              }
            />
          </Tooltip>
        ))}
      </Stack>
    </Stack>
  );
}

/** Draws the event area on the preview and reports the view, to take it as the new area. */
function EventArea({
  bounds,
  onView,
}: {
  bounds: EventMapView['eventbounds'];
  onView: (b: L.LatLngBounds) => void;
}) {
  const map = useMap();
  useEffect(() => {
    if (!bounds) return;
    const rect = L.rectangle(
      [
        [bounds.southWest.lat, bounds.southWest.lng],
        [bounds.northEast.lat, bounds.northEast.lng],
      ],
      { color: '#c62828', weight: 2, fill: false, dashArray: '6 4', interactive: false },
    ).addTo(map);
    return () => void rect.remove();
  }, [map, bounds]);
  useEffect(() => {
    if (bounds) {
      map.fitBounds(
        [
          [bounds.southWest.lat, bounds.southWest.lng],
          [bounds.northEast.lat, bounds.northEast.lng],
        ],
        { animate: false },
      );
    }
    // Fitted once, when the area is first known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, bounds !== null]);
  useEffect(() => {
    const report = () => onView(map.getBounds());
    report();
    map.on('moveend', report);
    return () => void map.off('moveend', report);
  }, [map, onView]);
  return null;
}

/**
 * The event's map settings (spec 02 "Map"), without raw JSON: the default map, the user layers
 * (add, remove, reorder), a form per layer type with a WMTS capabilities picker, private,
 * overlay and offline flags, the deepest zoom participants may download, and a live preview
 * of the layers as they are being edited, with the event area drawn on it and taken from it.
 */
export function MapSettingEditor({
  label,
  testId,
  error,
  value,
  onChange,
  onBlur,
  eventId,
  saveSetting,
}: MapSettingEditorProps) {
  const { t } = useTranslation();
  const map = useMemo(() => mapOfDraft(value), [value]);
  const preview = useMemo(() => readMapSetting(map), [map]);
  const served = useEventMap(eventId);
  const [view, setView] = useState<L.LatLngBounds | null>(null);
  const [areaSaving, setAreaSaving] = useState(false);
  const commit = (next: DraftMap, immediate: boolean) => onChange(draftOfMap(next), immediate);
  const main: DraftLayer = map.default ?? { type: 'osm', conf: {} };
  const layers = map.userlayers ?? [];
  const setLayers = (next: DraftLayer[], immediate: boolean) =>
    commit({ ...map, userlayers: next }, immediate);

  return (
    <Box data-testid={testId} onBlur={onBlur}>
      <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      {error && <FormHelperText error>{t(error)}</FormHelperText>}
      <Stack direction={{ xs: 'column', lg: 'row' }} sx={{ gap: 2, mt: 1 }}>
        <Stack sx={{ gap: 2, flex: 1, minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('map.default')}
            </Typography>
            <LayerForm
              layer={main}
              titled={false}
              eventId={eventId}
              testId={`${testId}-default`}
              onChange={(l, immediate) => commit({ ...map, default: l }, immediate)}
            />
          </Paper>
          {layers.map((l, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 2 }} data-testid={`${testId}-layer-${i}`}>
              <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  {t('map.userlayer', { n: i + 1 })}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={t('map.up')}
                  disabled={i === 0}
                  onClick={() => setLayers(moved(layers, i, -1), true)}
                >
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('map.down')}
                  disabled={i === layers.length - 1}
                  onClick={() => setLayers(moved(layers, i, 1), true)}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t('map.remove')}
                  onClick={() =>
                    setLayers(
                      layers.filter((_, j) => j !== i),
                      true,
                    )
                  }
                  data-testid={`${testId}-layer-${i}-remove`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
              <LayerForm
                layer={l}
                titled
                eventId={eventId}
                testId={`${testId}-layer-${i}-form`}
                onChange={(next, immediate) =>
                  setLayers(
                    layers.map((x, j) => (j === i ? next : x)),
                    immediate,
                  )
                }
              />
            </Paper>
          ))}
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                setLayers(
                  [...layers, { type: 'maaamet', title: t('map.newlayer'), conf: {} }],
                  false,
                )
              }
              data-testid={`${testId}-add`}
            >
              {t('map.add')}
            </Button>
            <TextField
              size="small"
              type="number"
              label={t('map.offlinemaxzoom')}
              helperText={t('map.offlinemaxzoom.help', { zoom: DEFAULT_OFFLINE_MAX_ZOOM })}
              value={map.offlinemaxzoom ?? ''}
              onChange={(e) => {
                const next = { ...map };
                if (e.target.value === '') delete next.offlinemaxzoom;
                else next.offlinemaxzoom = Number(e.target.value);
                commit(next, false);
              }}
              slotProps={{ htmlInput: { min: 0, max: 20, 'data-testid': `${testId}-offlinezoom` } }}
              sx={{ width: 260 }}
            />
          </Stack>
        </Stack>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box
            sx={{ height: 420, position: 'relative', isolation: 'isolate' }}
            data-testid={`${testId}-preview`}
          >
            <MapContainer
              center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
              zoom={MAP_DEFAULT_ZOOM}
              style={{ height: '100%', width: '100%' }}
              zoomControl={false}
            >
              <ZoomButtons />
              <BaseLayers eventId={eventId} preview={preview} />
              <KeepSize />
              <EventArea bounds={served.data?.eventbounds ?? null} onView={setView} />
            </MapContainer>
          </Box>
          <Stack direction="row" sx={{ gap: 1, mt: 1, alignItems: 'center' }}>
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
              {t('map.preview.help')}
            </Typography>
            <Button
              size="small"
              variant="outlined"
              disabled={!view || areaSaving}
              onClick={() => {
                if (!view) return;
                setAreaSaving(true);
                const ne = view.getNorthEast();
                const sw = view.getSouthWest();
                const round = (v: number) => Math.round(v * 1e6) / 1e6;
                void saveSetting('eventbounds', {
                  northEast: { lat: round(ne.lat), lng: round(ne.lng) },
                  southWest: { lat: round(sw.lat), lng: round(sw.lng) },
                }).finally(() => setAreaSaving(false));
              }}
              data-testid={`${testId}-area`}
            >
              {t('map.area.take')}
            </Button>
          </Stack>
        </Box>
      </Stack>
    </Box>
  );
}
