import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import L from 'leaflet';
import { MapContainer, Polyline, useMap } from 'react-leaflet';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, decodeTrack } from '@rada/core';
import { ApiError, api, fetchPoints, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { BaseLayers } from '../map/BaseLayers.tsx';
import { KeepSize } from '../map/KeepSize.tsx';
import { KpMarkers, hasLoc } from '../map/KpMap.tsx';
import { ZoomButtons } from '../map/ZoomButtons.tsx';
import { fitView, webZoom } from '../map/crs.ts';

/** The route's colour, drawn over a white casing so it shows on a colourful orienteering map. */
const ROUTE_COLOUR = '#d81b60';

/**
 * A team's route after its finish (issue 37), opened from its splits on the results page: its
 * track from start to finish over the event's map (its own map image when there is one, as on
 * every map of the event) with the KPs when the event shows them on the web. A reader who may
 * not see the event's tracks is told so.
 */
export function TeamRouteMap({
  eventId,
  teamId,
  starttime,
  finishtime,
}: {
  eventId: string;
  teamId: string;
  starttime: number | null;
  finishtime: number | null;
}) {
  const { t } = useTranslation();
  const points = useQuery({
    queryKey: ['event', eventId, 'route', teamId, starttime, finishtime] as const,
    queryFn: async () =>
      decodeTrack(
        await fetchPoints(eventId, {
          tid: teamId,
          ...(starttime !== null ? { startt: starttime } : {}),
          ...(finishtime !== null ? { endt: finishtime } : {}),
        }),
      ),
    staleTime: 60_000,
  });
  // The KPs show only where the event shows them on the web (else the list is refused).
  const checkpoints = useQuery({
    queryKey: queryKeys.checkpoints(eventId),
    queryFn: () => api.checkpoints(eventId),
    retry: false,
  });
  const located = useMemo(
    () => (checkpoints.data?.checkpoints ?? []).filter(hasLoc),
    [checkpoints.data],
  );
  const line = useMemo(
    () => (points.data ?? []).map((p) => [p.y, p.x] as L.LatLngTuple),
    [points.data],
  );

  if (points.isPending) return <LoadingState />;
  if (points.isError) {
    const refused =
      points.error instanceof ApiError && [401, 403, 404].includes(points.error.status);
    return refused ? (
      <Alert severity="info" data-testid="route-hidden">
        {t('ownmap.route.hidden')}
      </Alert>
    ) : (
      <ErrorState error={points.error} onRetry={() => void points.refetch()} />
    );
  }
  if (line.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="route-none">
        {t('ownmap.route.none')}
      </Typography>
    );
  }
  return (
    <Box
      data-testid="route-map"
      data-points={line.length}
      sx={{
        height: { xs: 320, sm: 420 },
        width: '100%',
        position: 'relative',
        isolation: 'isolate',
        '& .leaflet-tile': { border: 0 },
        '& .rada-kp-marker': { background: 'none', border: 0 },
      }}
    >
      <MapContainer
        center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
        zoom={MAP_DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
        zoomControl={false}
      >
        <ZoomButtons />
        <BaseLayers eventId={eventId} ownMapTop={80} />
        <KeepSize />
        <FitToRoute line={line} />
        <KpMarkers
          located={located}
          colourMode="none"
          editable={false}
          selectedId={null}
          keyboard={false}
        />
        <Polyline positions={line} pathOptions={{ color: '#fff', weight: 7, opacity: 0.9 }} />
        <Polyline positions={line} pathOptions={{ color: ROUTE_COLOUR, weight: 4 }} />
      </MapContainer>
    </Box>
  );
}

/** Fits the view to the route once. */
function FitToRoute({ line }: { line: L.LatLngTuple[] }) {
  const map = useMap();
  useEffect(() => {
    fitView(map, L.latLngBounds(line), {
      padding: [20, 20],
      maxZoom: webZoom(map, 17),
      animate: false,
    });
    // Once per route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
}
