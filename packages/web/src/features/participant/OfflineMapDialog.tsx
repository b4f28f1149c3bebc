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

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);

/**
 * The participant's offline map (issue 13): the event's default map inside its area, down to the
 * organiser's zoom (counted as on OpenStreetMap), saved in the browser's cache, which the service
 * worker answers tile requests from, so the map works without network. Shows the size before
 * downloading, progress while it runs, and what is saved; offered only where the organiser
 * allows the layer offline and set the area.
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
    if (!view?.eventbounds || !config.data) return null;
    const main = view.map.default;
    if (!main) return null;
    const built = buildLayer(main, config.data.mapKeys);
    if (!built?.tiles || main.offline !== true) return { allowed: false as const };
    const area = view.eventbounds;
    const lat = (area.northEast.lat + area.southWest.lat) / 2;
    const limit = view.map.offlinemaxzoom ?? DEFAULT_OFFLINE_MAX_ZOOM;
    const maxZoom = Math.min(
      built.maxZoom,
      equivalentZoom(L.CRS.EPSG3857, leafletCrs(built.crs), lat, limit),
    );
    const coords = tilesInArea(area, built.crs, built.minZoom, maxZoom, OFFLINE_MAX_TILES + 1);
    const tiles = built.tiles;
    return {
      allowed: true as const,
      maxZoom,
      tooMany: coords.length > OFFLINE_MAX_TILES,
      urls: coords.slice(0, OFFLINE_MAX_TILES).map((c) => tiles(c)),
    };
  }, [view, config.data]);

  useEffect(() => {
    void savedTileCount(eventId).then(setSaved);
  }, [eventId, progress?.done]);
  useEffect(() => {
    if (plan?.allowed)
      void sampleTileBytes(plan.urls).then((b) => setEstimate(b * plan.urls.length));
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
  else if (!view?.eventbounds) body = <Alert severity="info">{t('offline.noarea')}</Alert>;
  else if (!plan?.allowed) body = <Alert severity="info">{t('offline.notallowed')}</Alert>;
  else
    body = (
      <Stack sx={{ gap: 1.5 }}>
        <Typography variant="body2">
          {t('offline.plan', {
            tiles: plan.urls.length,
            size: estimate === null ? '…' : mb(estimate),
            zoom: plan.maxZoom,
          })}
        </Typography>
        {plan.tooMany && (
          <Alert severity="warning">{t('offline.toomany', { max: OFFLINE_MAX_TILES })}</Alert>
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
