import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { Box } from '@mui/material';
import L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@rada/core';
import type { Checkpoint, EventMapView } from '@rada/core';
import { BaseLayers, useEventMap } from '../map/BaseLayers.tsx';
import { KpMarkers, hasLoc } from '../map/KpMap.tsx';
import type { Located } from '../map/KpMap.tsx';
import { fitView, webZoom } from '../map/crs.ts';
import { drawableImages, ownMapBounds } from '../map/ownMapLayers.ts';

/**
 * The printed sheet's map (issue 37): the event's map image when it has one (else its base
 * map) with every located KP and its number, fitted to the image and the KPs, A4-sized so the
 * page prints what the screen shows (a resize at print time would leave tiles unloaded). The
 * map's controls are not printed.
 */
export function PrintMap({ eventId, checkpoints }: { eventId: string; checkpoints: Checkpoint[] }) {
  const located = useMemo(() => checkpoints.filter(hasLoc), [checkpoints]);
  return (
    <Box sx={{ overflowX: 'auto', '@media print': { overflow: 'visible' } }}>
      <Box
        data-testid="kpprint-map"
        sx={{
          width: '186mm',
          height: '240mm',
          position: 'relative',
          isolation: 'isolate',
          border: '1px solid #999',
          '& .leaflet-tile': { border: 0 },
          '& .rada-kp-marker': { background: 'none', border: 0 },
          '@media print': {
            '& .leaflet-control-container, & [data-testid="ownmap-control"]': {
              display: 'none',
            },
          },
        }}
      >
        <MapContainer
          center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
          zoom={MAP_DEFAULT_ZOOM}
          zoomSnap={0.25}
          style={{ height: '100%', width: '100%' }}
          attributionControl
          zoomControl={false}
        >
          <BaseLayers eventId={eventId} ownMapTop={10} />
          <FitToSheet eventId={eventId} located={located} />
          <KpMarkers
            located={located}
            colourMode="none"
            editable={false}
            selectedId={null}
            keyboard={false}
          />
        </MapContainer>
      </Box>
    </Box>
  );
}

/** The area the printed map shows: the map images' and the KPs', or null with neither. */
export function sheetBounds(
  view: Pick<EventMapView, 'images'> | undefined,
  located: Located[],
): L.LatLngBounds | null {
  const bounds = L.latLngBounds([]);
  for (const image of drawableImages(view)) bounds.extend(ownMapBounds(image));
  for (const c of located) bounds.extend([c.data.loc.lat, c.data.loc.lng]);
  return bounds.isValid() ? bounds : null;
}

/** Fits the map to the images and KPs once the event's map is known. */
function FitToSheet({ eventId, located }: { eventId: string; located: Located[] }) {
  const map = useMap();
  const view = useEventMap(eventId).data;
  const bounds = useMemo(() => sheetBounds(view, located), [view, located]);
  const key = bounds?.toBBoxString() ?? '';
  useEffect(() => {
    if (!bounds) return;
    fitView(map, bounds, { padding: [10, 10], maxZoom: webZoom(map, 17), animate: false });
    // The key stands for the bounds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}
