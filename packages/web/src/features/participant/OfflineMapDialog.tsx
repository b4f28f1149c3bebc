import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DownloadForOfflineIcon from '@mui/icons-material/DownloadForOffline';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { DEFAULT_OFFLINE_MAX_ZOOM } from '@rada/core';
import { useConfig } from '../auth/useMe.ts';
import { useEventMap } from '../map/BaseLayers.tsx';
import { equivalentZoom, leafletCrs } from '../map/crs.ts';
import { buildLayer } from '../map/layers.ts';
import {
  OFFLINE_MAX_TILES,
  downloadTiles,
  removeSavedTiles,
  sampleTileBytes,
  savedTileCount,
  tilesInArea,
} from '../map/offlineTiles.ts';
import type { DownloadProgress } from '../map/offlineTiles.ts';
import { drawableImages, gridOf, ownMapOffline, ownMapTileUrl } from '../map/ownMapLayers.ts';
import type { OwnMapOffline } from '../map/ownMapLayers.ts';

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

/**
 * The participant's offline map (issue 13): the event's default map inside its area, down to the
 * organiser's zoom (counted as on OpenStreetMap), saved in the browser's cache, which the service
 * worker answers tile requests from, so the map works without network. Shows the size before
 * downloading, progress while it runs, and what is saved; offered only where the organiser
 * allows the layer offline and set the area. The event's own map images (issue 37) come along
 * at every zoom they were cut at, inside the area (whole without one), in the grid the default
 * map draws in; their size is known from the server's tile sets.
 */
export function OfflineMapButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('offline.title')}>
        <IconButton
          aria-label={t('offline.title')}
          onClick={() => setOpen(true)}
          data-testid="play-offline"
          size="small"
        >
          <DownloadForOfflineIcon />
        </IconButton>
      </Tooltip>
      {open && <OfflineMapDialog eventId={eventId} onClose={() => setOpen(false)} />}
    </>
  );
}

function OfflineMapDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const eventMap = useEventMap(eventId);
  const view = eventMap.data;
  const [estimate, setEstimate] = useState<number | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const plan = useMemo(() => {
    if (!view || !config.data) return null;
    const main = view.map.default;
    const built = main ? buildLayer(main, config.data.mapKeys) : null;
    const area = view.eventbounds;
    let base: { maxZoom: number; tooMany: boolean; urls: string[] } | null = null;
    if (area && main && built?.tiles && main.offline === true) {
      const lat = (area.northEast.lat + area.southWest.lat) / 2;
      const limit = view.map.offlinemaxzoom ?? DEFAULT_OFFLINE_MAX_ZOOM;
      const maxZoom = Math.min(
        built.maxZoom,
        equivalentZoom(L.CRS.EPSG3857, leafletCrs(built.crs), lat, limit),
      );
      const coords = tilesInArea(area, built.crs, built.minZoom, maxZoom, OFFLINE_MAX_TILES + 1);
      const tiles = built.tiles;
      base = {
        maxZoom,
        tooMany: coords.length > OFFLINE_MAX_TILES,
        urls: coords.slice(0, OFFLINE_MAX_TILES).map((c) => tiles(c)),
      };
    }
    const grid = gridOf(leafletCrs(built?.crs));
    const images = drawableImages(view).flatMap(
      (image) => ownMapOffline(image, grid, area, OFFLINE_MAX_TILES) ?? [],
    );
    const imageUrls = images.flatMap((o) => o.coords.map((c) => ownMapTileUrl(o.image, grid, c)));
    return {
      base,
      images,
      imageBytes: images.reduce((sum, o) => sum + o.bytes, 0),
      urls: [...(base?.urls ?? []), ...imageUrls],
      allowed: base !== null || images.length > 0,
    };
  }, [view, config.data]);

  useEffect(() => {
    void savedTileCount(eventId).then(setSaved);
  }, [eventId, progress?.done]);
  useEffect(() => {
    const base = plan?.base;
    if (base) void sampleTileBytes(base.urls).then((b) => setEstimate(b * base.urls.length));
  }, [plan]);
  useEffect(() => () => abort.current?.abort(), []);

  const start = () => {
    if (!plan?.allowed) return;
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    void navigator.storage?.persist?.();
    void downloadTiles(eventId, plan.urls, setProgress, controller.signal).finally(() =>
      setRunning(false),
    );
  };

  let body: React.ReactNode;
  if (eventMap.isPending || config.isPending) body = <LinearProgress />;
  else if (!plan?.allowed && !view?.eventbounds)
    body = <Alert severity="info">{t('offline.noarea')}</Alert>;
  else if (!plan?.allowed) body = <Alert severity="info">{t('offline.notallowed')}</Alert>;
  else
    body = (
      <Stack sx={{ gap: 1.5 }}>
        {plan.base && (
          <Typography variant="body2" data-testid="offline-plan-base">
            {t('offline.plan', {
              tiles: plan.base.urls.length,
              size: estimate === null ? '…' : mb(estimate),
              zoom: plan.base.maxZoom,
            })}
          </Typography>
        )}
        {plan.base?.tooMany && (
          <Alert severity="warning">{t('offline.toomany', { max: OFFLINE_MAX_TILES })}</Alert>
        )}
        {plan.images.map((o) => (
          <OwnMapPlanLine key={o.image.id} plan={o} />
        ))}
        {plan.base && plan.images.length > 0 && (
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="offline-plan-total">
            {t('ownmap.offline.total', {
              size: estimate === null ? '…' : mb(estimate + plan.imageBytes),
            })}
          </Typography>
        )}
        {progress && (
          <Box data-testid="offline-progress">
            <LinearProgress
              variant="determinate"
              value={(100 * (progress.done + progress.failed)) / Math.max(1, progress.total)}
            />
            <Typography variant="caption" color="text.secondary">
              {t('offline.progress', {
                done: progress.done,
                total: progress.total,
                size: mb(progress.bytes),
              })}
              {progress.failed > 0 && ` · ${t('offline.failed', { count: progress.failed })}`}
            </Typography>
          </Box>
        )}
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="offline-saved"
          data-count={saved ?? 0}
        >
          {saved ? t('offline.saved', { count: saved }) : t('offline.none')}
        </Typography>
      </Stack>
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="offline-dialog">
      <DialogTitle>{t('offline.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('offline.help')}
        </Typography>
        {body}
      </DialogContent>
      <DialogActions>
        {saved ? (
          <Button
            color="error"
            disabled={running}
            onClick={() => void removeSavedTiles(eventId).then(() => setSaved(0))}
            data-testid="offline-remove"
          >
            {t('offline.remove')}
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {running ? (
          <Button onClick={() => abort.current?.abort()} data-testid="offline-cancel">
            {t('offline.cancel')}
          </Button>
        ) : (
          <Button onClick={onClose}>{t('offline.close')}</Button>
        )}
        <Button
          variant="contained"
          disabled={!plan?.allowed || running}
          onClick={start}
          data-testid="offline-download"
        >
          {t('offline.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One map image's part of the offline package: its tiles, zooms and size. */
function OwnMapPlanLine({ plan }: { plan: OwnMapOffline }) {
  const { t } = useTranslation();
  const set = plan.image.tiles.grids[plan.grid];
  return (
    <Typography
      variant="body2"
      data-testid={`offline-plan-image-${plan.image.id}`}
      data-bytes={plan.bytes}
    >
      {t('ownmap.offline.image', {
        name: plan.image.name,
        tiles: plan.coords.length,
        min: set?.minZoom ?? 0,
        max: set?.maxZoom ?? 0,
        size: mb(plan.bytes),
      })}
    </Typography>
  );
}
