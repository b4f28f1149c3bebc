import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef } from 'react';
import { Box } from '@mui/material';
import L from 'leaflet';
import {
  CircleMarker,
  MapContainer,
  Marker,
  Polygon,
  Polyline,
  Tooltip,
  useMap,
  useMapEvents,
} from 'react-leaflet';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@rada/core';
import type { SpeedArea } from '@rada/core';
import { KeepSize } from '../map/KeepSize.tsx';
import { BaseLayers } from '../map/BaseLayers.tsx';
import { areaStyle, verticesOf } from './areaDraft.ts';
import type { Vertex } from './areaDraft.ts';
import { fitView, webZoom } from '../map/crs.ts';
import { ZoomButtons } from '../map/ZoomButtons.tsx';

export interface SpeedAreaMapProps {
  areas: Record<string, SpeedArea>;
  /** Vertices of a polygon being drawn (clicks add to it), or null. */
  draft: Vertex[] | null;
  /** The area whose vertices are being dragged, with its current vertices. */
  editing: { id: string; vertices: Vertex[] } | null;
  onAddVertex: (v: Vertex) => void;
  onFinish: () => void;
  onMoveVertex: (index: number, v: Vertex) => void;
  onSelect: (id: string) => void;
  height?: number;
  /** The event whose map layers the switcher offers. */
  eventId?: string;
}

const vertexIcon = L.divIcon({
  className: 'rada-speed-vertex',
  html: '<div style="width:12px;height:12px;background:#fff;border:2px solid #1565c0;box-sizing:border-box"></div>',
  iconSize: [12, 12],
  iconAnchor: [6, 6],
});

/**
 * The speed areas on a Leaflet map (tiles fail silently): restricted areas red, others orange,
 * timed ones dashed. While drawing, clicks add vertices and a double-click finishes; while
 * editing, the area's vertices are draggable squares.
 */
export default function SpeedAreaMap({
  areas,
  draft,
  editing,
  onAddVertex,
  onFinish,
  onMoveVertex,
  onSelect,
  height = 420,
  eventId,
}: SpeedAreaMapProps) {
  return (
    <Box
      data-testid="speed-area-map"
      sx={{
        height,
        width: '100%',
        position: 'relative',
        isolation: 'isolate',
        '& .leaflet-tile': { border: 0 },
        '& .rada-speed-vertex': { background: 'none', border: 0 },
        '& .leaflet-container': { cursor: draft ? 'crosshair' : undefined },
      }}
    >
      <MapContainer
        center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
        zoom={MAP_DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
        zoomControl={false}
      >
        <ZoomButtons />
        <BaseLayers eventId={eventId} />
        <KeepSize />
        <FitToAreas areas={areas} />
        <Drawing draft={draft} onAddVertex={onAddVertex} onFinish={onFinish} />
        {Object.entries(areas).map(([id, a]) =>
          editing?.id === id ? null : (
            <Polygon
              key={id}
              positions={verticesOf(a)}
              pathOptions={areaStyle(a)}
              eventHandlers={{ click: () => !draft && onSelect(id) }}
            >
              <Tooltip sticky>{a.name}</Tooltip>
            </Polygon>
          ),
        )}
        {editing && (
          <>
            <Polygon
              positions={editing.vertices}
              pathOptions={{
                ...areaStyle(areas[editing.id] ?? { restricted: false, timed: false }),
                weight: 2,
              }}
            />
            {editing.vertices.map((v, i) => (
              <VertexMarker key={i} index={i} vertex={v} onMove={onMoveVertex} />
            ))}
          </>
        )}
        {draft && draft.length > 0 && (
          <>
            <Polyline
              positions={draft}
              pathOptions={{ color: '#1565c0', weight: 2, dashArray: '4 4' }}
            />
            {draft.map((v, i) => (
              <CircleMarker key={i} center={v} radius={4} pathOptions={{ color: '#1565c0' }} />
            ))}
          </>
        )}
      </MapContainer>
    </Box>
  );
}

function VertexMarker({
  index,
  vertex,
  onMove,
}: {
  index: number;
  vertex: Vertex;
  onMove: (index: number, v: Vertex) => void;
}) {
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      dragend: (e) => {
        const ll = (e.target as L.Marker).getLatLng();
        onMove(index, [ll.lat, ll.lng]);
      },
    }),
    [index, onMove],
  );
  return <Marker position={vertex} icon={vertexIcon} draggable eventHandlers={handlers} />;
}

/** Map clicks while drawing; double-click zoom is off meanwhile so a double-click can finish. */
function Drawing({
  draft,
  onAddVertex,
  onFinish,
}: {
  draft: Vertex[] | null;
  onAddVertex: (v: Vertex) => void;
  onFinish: () => void;
}) {
  const drawing = draft !== null;
  const map = useMapEvents({
    click: (e) => {
      if (drawing) onAddVertex([e.latlng.lat, e.latlng.lng]);
    },
    dblclick: () => {
      if (drawing) onFinish();
    },
  });
  useEffect(() => {
    if (drawing) map.doubleClickZoom.disable();
    else map.doubleClickZoom.enable();
  }, [map, drawing]);
  return null;
}

/** Fits the view to the areas once, when the first of them are known. */
function FitToAreas({ areas }: { areas: Record<string, SpeedArea> }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    const all = Object.values(areas).flatMap(verticesOf);
    if (fitted.current || all.length === 0) return;
    fitted.current = true;
    fitView(map, L.latLngBounds(all), {
      padding: [30, 30],
      maxZoom: webZoom(map, 16),
      animate: false,
    });
  }, [map, areas]);
  return null;
}
