import { Suspense, useCallback, useMemo, useState } from 'react';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Dialog,
  IconButton,
  Slider,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import {
  fitPlacement,
  metres,
  pixelToLatLng,
  placementCorners,
  placementProblem,
} from '@rada/core/mapImages';
import type { EventMapImageView, EventSummary, LatLng } from '@rada/core';
import { api, mapImageUrl, queryKeys } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { hasLoc } from '../map/KpMap.tsx';
import EarthPane from './EarthPane.tsx';
import ImagePane, { PLACING_IMAGE_WIDTH } from './ImagePane.tsx';
import { PointsTable } from './PointsTable.tsx';
import { gridSize, placedGrid } from './cornerImage.ts';
import {
  clickImage,
  controlPoints,
  draftOf,
  modelFor,
  moveOnImage,
  pendingPoint,
  placeOnEarth,
  removePoint,
} from './placementDraft.ts';
import type { DraftPoint } from './placementDraft.ts';
import { usePatchMapImage } from './useMapImages.ts';

/**
 * The hand placement of a map image (full screen): the image on the left, the base map with the
 * event's KPs on the right. Click a point on the image, then its place on the base map (or type
 * its coordinates, or pick a KP); from three points the fit (affine; projective from four when
 * chosen) gives each point's error in metres and their rms, and the image is drawn over the base
 * map (opacity slider). Points can be dragged on both maps. Save stores the
 * placement; the server cuts the tiles again (the list shows the progress).
 */
export default function PlacementDialog({
  event,
  map,
  onClose,
}: {
  event: EventSummary;
  map: EventMapImageView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const patch = usePatchMapImage(event.id);
  const checkpoints = useQuery({
    queryKey: queryKeys.checkpoints(event.id),
    queryFn: () => api.checkpoints(event.id),
  });
  const kps = useMemo(
    () => (checkpoints.data?.checkpoints ?? []).filter(hasLoc),
    [checkpoints.data],
  );

  const initial = useMemo(() => draftOf(map.placement), [map.placement]);
  const [points, setPoints] = useState<DraftPoint[]>(initial);
  const [wanted, setWanted] = useState<'affine' | 'projective'>(map.placement?.model ?? 'affine');
  const [opacity, setOpacity] = useState(0.6);
  const [leaving, setLeaving] = useState(false);
  const dirty = JSON.stringify(points) !== JSON.stringify(initial);

  const complete = useMemo(() => controlPoints(points), [points]);
  const model = modelFor(wanted, complete.length);
  const fit = useMemo(() => {
    if (complete.length < 3) return null;
    const f = fitPlacement(complete, model);
    return 'error' in f ? { error: f.error } : f;
  }, [complete, model]);
  const placement = fit && !('error' in fit) ? fit.placement : null;
  const problem = placement ? placementProblem(placement, map.width, map.height) : null;

  /** Residuals and fitted places by point id (the complete points, in order). */
  const { residuals, fitted } = useMemo(() => {
    const r = new Map<number, number>();
    const f = new Map<number, LatLng>();
    if (fit && !('error' in fit)) {
      const ids = points.filter((p) => p.lat !== null && p.lng !== null).map((p) => p.id);
      ids.forEach((id, i) => {
        r.set(id, fit.residuals[i]!);
        const p = points.find((q) => q.id === id)!;
        f.set(id, pixelToLatLng(fit.placement, p.u, p.v));
      });
    }
    return { residuals: r, fitted: f };
  }, [fit, points]);

  const url = mapImageUrl(event.id, map.id, Math.min(map.width, PLACING_IMAGE_WIDTH));
  // The preview: the new fit when there is one, else the map's placement as saved.
  const shownPlacement = placement && !problem ? placement : map.placement;
  const preview = useMemo(() => {
    if (!shownPlacement) return null;
    try {
      const corners = placementCorners(shownPlacement, map.width, map.height);
      const across = Math.max(metres(corners[0], corners[2]), metres(corners[1], corners[3]));
      const grid = placedGrid(map.width, map.height, gridSize(across), (u, v) =>
        pixelToLatLng(shownPlacement, u, v),
      );
      return grid.every((c) => Number.isFinite(c.lat) && Number.isFinite(c.lng))
        ? { url, grid }
        : null;
    } catch {
      return null;
    }
  }, [shownPlacement, map.width, map.height, url]);

  const firstView = useMemo(() => {
    const corners = map.corners ?? [];
    const given = points.flatMap((p) =>
      p.lat !== null && p.lng !== null ? [[p.lat, p.lng] as L.LatLngTuple] : [],
    );
    const all = [...corners.map((c) => [c.lat, c.lng] as L.LatLngTuple), ...given];
    if (all.length > 0) return L.latLngBounds(all);
    if (kps.length > 0) return L.latLngBounds(kps.map((k) => [k.data.loc.lat, k.data.loc.lng]));
    return null;
    // Only the first view: computed once the KPs are known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkpoints.isSuccess]);

  const waiting = pendingPoint(points);
  const waitingIndex = waiting ? points.indexOf(waiting) + 1 : null;

  const handleImageClick = useCallback(
    (u: number, v: number) => setPoints((ps) => clickImage(ps, u, v)),
    [],
  );
  const handleImageMove = useCallback(
    (id: number, u: number, v: number) => setPoints((ps) => moveOnImage(ps, id, u, v)),
    [],
  );
  const handleEarthClick = useCallback((at: LatLng) => setPoints((ps) => placeOnEarth(ps, at)), []);
  const handleEarthMove = useCallback(
    (id: number, at: LatLng) => setPoints((ps) => placeOnEarth(ps, at, { id })),
    [],
  );
  const pickKp = useCallback(
    (kpId: string, id?: number) => {
      const kp = kps.find((k) => k.id === kpId);
      if (!kp) return;
      setPoints((ps) => placeOnEarth(ps, kp.data.loc, { id, kpId }));
    },
    [kps],
  );

  const save = () => {
    if (!placement || problem) return;
    patch.mutate(
      { mapId: map.id, patch: { placement } },
      {
        onSuccess: () => {
          notify(t('mapplace.saved', { name: map.name }), 'success');
          onClose();
        },
        onError: (e) => notify(errorText(t, e), 'error'),
      },
    );
  };

  const hint =
    waitingIndex !== null
      ? t('mapplace.hint.earth', { n: waitingIndex })
      : complete.length < 3
        ? t('mapplace.hint.image', { count: 3 - complete.length })
        : t('mapplace.hint.more');

  return (
    <Dialog
      fullScreen
      open
      onClose={() => (dirty ? setLeaving(true) : onClose())}
      data-testid="mapplace-dialog"
    >
      <AppBar position="static" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={t('common.close')}
            onClick={() => (dirty ? setLeaving(true) : onClose())}
            data-testid="mapplace-close"
          >
            <CloseIcon />
          </IconButton>
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
            {t('mapplace.title', { name: map.name })}
          </Typography>
          <Button
            variant="contained"
            onClick={save}
            disabled={!placement || problem !== null || patch.isPending}
            loading={patch.isPending}
            data-testid="mapplace-save"
          >
            {t('mapplace.save')}
          </Button>
        </Toolbar>
      </AppBar>
      <Stack sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Typography variant="body2" sx={{ px: 2, pt: 1.5 }} data-testid="mapplace-hint">
          {hint}
        </Typography>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ gap: 1, p: 2, pt: 1, height: { xs: 'auto', md: '58vh' }, flex: 'none' }}
        >
          <Pane title={t('mapplace.image')}>
            <ImagePane
              url={url}
              width={map.width}
              height={map.height}
              points={points}
              onClick={handleImageClick}
              onMove={handleImageMove}
            />
          </Pane>
          <Pane title={t('mapplace.earth')}>
            <Suspense fallback={<LoadingState />}>
              <EarthPane
                eventId={event.id}
                mapId={map.id}
                kps={kps}
                points={points}
                waitingId={waiting?.id ?? null}
                fitted={fitted}
                preview={preview}
                opacity={opacity}
                firstView={firstView}
                onClick={handleEarthClick}
                onPickKp={(kpId) => pickKp(kpId)}
                onMove={handleEarthMove}
              />
            </Suspense>
          </Pane>
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ gap: { xs: 1, sm: 3 }, px: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            value={model}
            onChange={(_e, v: 'affine' | 'projective' | null) => v && setWanted(v)}
            aria-label={t('mapplace.model')}
          >
            <ToggleButton value="affine" data-testid="mapplace-affine">
              {t('mapplace.model.affine')}
            </ToggleButton>
            <Tooltip title={complete.length < 4 ? t('mapplace.model.needfour') : ''}>
              <span>
                <ToggleButton
                  value="projective"
                  disabled={complete.length < 4}
                  data-testid="mapplace-projective"
                >
                  {t('mapplace.model.projective')}
                </ToggleButton>
              </span>
            </Tooltip>
          </ToggleButtonGroup>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', minWidth: 240 }}>
            <Typography variant="body2" id="mapplace-opacity">
              {t('mapplace.opacity')}
            </Typography>
            <Slider
              size="small"
              min={0}
              max={1}
              step={0.05}
              value={opacity}
              onChange={(_e, v) => setOpacity(v as number)}
              aria-labelledby="mapplace-opacity"
              sx={{ width: 160 }}
              data-testid="mapplace-opacity"
            />
          </Stack>
          <Typography variant="body2" data-testid="mapplace-rms">
            {fit && !('error' in fit)
              ? t('mapplace.rms', { m: fit.rms.toFixed(1), count: complete.length })
              : t('mapplace.rms.none')}
          </Typography>
        </Stack>
        {fit && 'error' in fit && (
          <Alert severity="warning" sx={{ mx: 2, mt: 1 }} data-testid="mapplace-problem">
            {t(fit.error)}
          </Alert>
        )}
        {problem && (
          <Alert severity="warning" sx={{ mx: 2, mt: 1 }} data-testid="mapplace-problem">
            {t(problem)}
          </Alert>
        )}
        <Box sx={{ p: 2, overflowX: 'auto' }}>
          <PointsTable
            points={points}
            kps={kps}
            residuals={residuals}
            waitingId={waiting?.id ?? null}
            onCoordinates={(id, at) => setPoints((ps) => placeOnEarth(ps, at, { id }))}
            onKp={(id, kpId) => pickKp(kpId, id)}
            onRemove={(id) => setPoints((ps) => removePoint(ps, id))}
          />
        </Box>
      </Stack>
      {leaving && (
        <ConfirmDialog
          title={t('mapplace.leave.title')}
          message={t('mapplace.leave.text')}
          confirmLabel={t('mapplace.leave.confirm')}
          onCancel={() => setLeaving(false)}
          onConfirm={onClose}
        />
      )}
    </Dialog>
  );
}

function Pane({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack sx={{ flex: { xs: 'none', md: 1 }, minWidth: 0, height: { xs: '45vh', md: '100%' } }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {children}
      </Box>
    </Stack>
  );
}
