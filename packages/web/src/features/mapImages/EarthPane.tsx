import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { Box } from '@mui/material';
import L from 'leaflet';
import { MapContainer, Marker, Polyline, useMap, useMapEvents } from 'react-leaflet';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@rada/core';
import type { LatLng } from '@rada/core';
import { BaseLayers } from '../map/BaseLayers.tsx';
import { KeepSize } from '../map/KeepSize.tsx';
import { ZoomButtons } from '../map/ZoomButtons.tsx';
import { KpMarkers } from '../map/KpMap.tsx';
import type { Located } from '../map/KpMap.tsx';
import { fitView, webZoom } from '../map/crs.ts';
import { CornerImageLayer } from './cornerImage.ts';
import type { DraftPoint } from './placementDraft.ts';
import { pointIcon } from './pointIcon.ts';

/** Zoom limit of the first view (one KP alone is not shown at street level). */
const FIT_MAX_ZOOM = 16;

/**
 * The base map of the hand placement: the event's layers (its default first, or OpenStreetMap)
 * and its other map images (to place a map by one already placed),
 * its KPs to pick a point's place from, the placement points (numbered rings, draggable) with a
 * line from each to where the fit puts it, and the placed image drawn over it (cornerImage.ts)
 * with `opacity`. A click gives the waiting point its place.
 */
export default function EarthPane({
  eventId,
  mapId,
  kps,
  points,
  waitingId,
  fitted,
  preview,
  opacity,
  firstView,
  onClick,
  onPickKp,
  onMove,
}: {
  eventId: string;
  /** The map being placed: its own tiles are not drawn (the preview is). */
  mapId: string;
  kps: Located[];
  points: DraftPoint[];
  waitingId: number | null;
  /** Where the fit puts each complete point (by id). */
  fitted: ReadonlyMap<number, LatLng>;
  /** The image's address and its grid of points on the earth as placed now (placedGrid); null:
   *  nothing placed yet. */
  preview: { url: string; grid: LatLng[] } | null;
  opacity: number;
  /** What the first view shows (the image's corners, else the KPs); null: the event's area. */
  firstView: L.LatLngBounds | null;
  onClick: (at: LatLng) => void;
  onPickKp: (kpId: string) => void;
  onMove: (id: number, at: LatLng) => void;
}) {
  return (
    <Box
      data-testid="mapplace-earth"
      sx={{
        height: '100%',
        width: '100%',
        position: 'relative',
        isolation: 'isolate',
        '& .leaflet-tile': { border: 0 },
        '& .leaflet-container': { cursor: waitingId !== null ? 'crosshair' : undefined },
        '& .rada-kp-marker, & .rada-place-point': { background: 'none', border: 0 },
      }}
    >
      <MapContainer
        center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
        zoom={MAP_DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
        zoomControl={false}
        doubleClickZoom={false}
      >
        <ZoomButtons />
        <KeepSize />
        <BaseLayers eventId={eventId} withoutImage={mapId} />
        <FirstView bounds={firstView} />
        <KeepPointsInView points={points} />
        <Preview preview={preview} opacity={opacity} />
        <EarthClicks onClick={onClick} />
        <KpMarkers
          located={kps}
          colourMode="none"
          editable={false}
          onSelect={onPickKp}
          selectedId={null}
          keyboard={false}
        />
        {points.map((p, i) =>
          p.lat === null || p.lng === null ? null : (
            <EarthPoint
              key={p.id}
              point={p as DraftPoint & LatLng}
              label={i + 1}
              fitted={fitted.get(p.id) ?? null}
              onMove={onMove}
            />
          ),
        )}
      </MapContainer>
    </Box>
  );
}

function FirstView({ bounds }: { bounds: L.LatLngBounds | null }) {
  const map = useMap();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !bounds) return;
    done.current = true;
    fitView(map, bounds, {
      padding: [30, 30],
      maxZoom: webZoom(map, FIT_MAX_ZOOM),
      animate: false,
    });
  }, [map, bounds]);
  return null;
}

/**
 * Widens the view when a point is given a place outside it (typed coordinates): the view grows to
 * take it in, keeping what was shown. Clicks and drags land inside the view and move nothing.
 */
function KeepPointsInView({ points }: { points: DraftPoint[] }) {
  const map = useMap();
  const placed = points.flatMap((p) =>
    p.lat === null || p.lng === null ? [] : [[p.lat, p.lng] as L.LatLngTuple],
  );
  const key = JSON.stringify(placed);
  useEffect(() => {
    const view = map.getBounds();
    const outside = placed.filter((p) => !view.contains(p));
    if (outside.length === 0) return;
    map.fitBounds(L.latLngBounds(outside).extend(view), { padding: [30, 30], animate: false });
    // The key stands for the placed points.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** The placed image over the base map (one layer kept, its grid and opacity updated). */
function Preview({
  preview,
  opacity,
}: {
  preview: { url: string; grid: LatLng[] } | null;
  opacity: number;
}) {
  const map = useMap();
  const layer = useRef<CornerImageLayer | null>(null);
  const url = preview?.url ?? null;
  const key = preview ? JSON.stringify(preview.grid) : '';
  useEffect(() => {
    if (!url || !preview) return;
    const l = new CornerImageLayer(url, preview.grid, opacity);
    layer.current = l;
    l.addTo(map);
    return () => {
      l.remove();
      layer.current = null;
    };
    // A new layer only for a new image; the grid and opacity change the one there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, url]);
  useEffect(() => {
    if (preview) layer.current?.setGrid(preview.grid);
    // The key stands for the grid.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => layer.current?.setOpacity(opacity), [opacity]);
  return null;
}

function EarthClicks({ onClick }: { onClick: (at: LatLng) => void }) {
  useMapEvents({ click: (e) => onClick({ lat: e.latlng.lat, lng: e.latlng.lng }) });
  return null;
}

function EarthPoint({
  point,
  label,
  fitted,
  onMove,
}: {
  point: DraftPoint & LatLng;
  label: number;
  fitted: LatLng | null;
  onMove: (id: number, at: LatLng) => void;
}) {
  const position = useMemo<L.LatLngTuple>(() => [point.lat, point.lng], [point.lat, point.lng]);
  const icon = useMemo(() => pointIcon(label, false, `mapplace-earthpoint-${label}`), [label]);
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      dragend: (e) => {
        const at = (e.target as L.Marker).getLatLng();
        onMove(point.id, { lat: at.lat, lng: at.lng });
      },
    }),
    [onMove, point.id],
  );
  return (
    <>
      {fitted && (
        <Polyline
          positions={[position, [fitted.lat, fitted.lng]]}
          pathOptions={{ color: '#d32f2f', weight: 2, dashArray: '4 4', interactive: false }}
        />
      )}
      <Marker position={position} icon={icon} draggable eventHandlers={handlers} />
    </>
  );
}
