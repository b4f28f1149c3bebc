import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { Box } from '@mui/material';
import L from 'leaflet';
import { ImageOverlay, MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { KeepSize } from '../map/KeepSize.tsx';
import { ZoomButtons } from '../map/ZoomButtons.tsx';
import type { DraftPoint } from './placementDraft.ts';
import { pendingPoint, roundPixel } from './placementDraft.ts';
import { pointIcon } from './pointIcon.ts';

/** The widest image asked of the server for placing (its image route's limit). */
export const PLACING_IMAGE_WIDTH = 4096;

/**
 * The map image on its own, in image pixels (Leaflet's CRS.Simple: a point's lng is u, its lat
 * is −v), drawn from the server's scaled copy over the original's pixel size: a click gives the
 * original's pixel, the placement points show as numbered rings that can be dragged.
 */
export default function ImagePane({
  url,
  width,
  height,
  points,
  onClick,
  onMove,
}: {
  url: string;
  width: number;
  height: number;
  points: DraftPoint[];
  onClick: (u: number, v: number) => void;
  onMove: (id: number, u: number, v: number) => void;
}) {
  const bounds = useMemo(() => L.latLngBounds([-height, 0], [0, width]), [width, height]);
  const waiting = pendingPoint(points);
  return (
    <Box
      data-testid="mapplace-image"
      sx={{
        height: '100%',
        width: '100%',
        position: 'relative',
        isolation: 'isolate',
        '& .leaflet-container': { cursor: 'crosshair', bgcolor: 'action.hover' },
        '& .rada-place-point': { background: 'none', border: 0 },
      }}
    >
      <MapContainer
        crs={L.CRS.Simple}
        bounds={bounds}
        minZoom={-8}
        maxZoom={5}
        zoomSnap={0.25}
        zoomDelta={0.5}
        style={{ height: '100%', width: '100%' }}
        zoomControl={false}
        attributionControl={false}
        doubleClickZoom={false}
      >
        <ZoomButtons />
        <KeepSize />
        <FitImage bounds={bounds} />
        <ImageOverlay url={url} bounds={bounds} className="rada-place-image" />
        <ImageClicks width={width} height={height} onClick={onClick} />
        {points.map((p, i) => (
          <ImagePoint
            key={p.id}
            point={p}
            label={i + 1}
            waiting={p === waiting}
            width={width}
            height={height}
            onMove={onMove}
          />
        ))}
      </MapContainer>
    </Box>
  );
}

/** Shows the whole image, and lets the view go no further than a little beyond it. */
function FitImage({ bounds }: { bounds: L.LatLngBounds }) {
  const map = useMap();
  useEffect(() => {
    map.fitBounds(bounds, { animate: false, padding: [8, 8] });
    map.setMinZoom(Math.min(map.getZoom() - 1, 0));
    map.setMaxBounds(bounds.pad(0.5));
  }, [map, bounds]);
  return null;
}

const clamp = (x: number, max: number) => Math.min(max, Math.max(0, x));

function ImageClicks({
  width,
  height,
  onClick,
}: {
  width: number;
  height: number;
  onClick: (u: number, v: number) => void;
}) {
  useMapEvents({
    click: (e) => {
      const u = e.latlng.lng;
      const v = -e.latlng.lat;
      // A click beside the image is not a point of it.
      if (u < 0 || v < 0 || u > width || v > height) return;
      onClick(roundPixel(u), roundPixel(v));
    },
  });
  return null;
}

function ImagePoint({
  point,
  label,
  waiting,
  width,
  height,
  onMove,
}: {
  point: DraftPoint;
  label: number;
  waiting: boolean;
  width: number;
  height: number;
  onMove: (id: number, u: number, v: number) => void;
}) {
  const position = useMemo<L.LatLngTuple>(() => [-point.v, point.u], [point.u, point.v]);
  const icon = useMemo(
    () => pointIcon(label, waiting, `mapplace-imagepoint-${label}`),
    [label, waiting],
  );
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      dragend: (e) => {
        const at = (e.target as L.Marker).getLatLng();
        onMove(point.id, roundPixel(clamp(at.lng, width)), roundPixel(clamp(-at.lat, height)));
      },
    }),
    [onMove, point.id, width, height],
  );
  return <Marker position={position} icon={icon} draggable eventHandlers={handlers} />;
}
