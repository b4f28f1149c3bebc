import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box } from '@mui/material';
import L from 'leaflet';
import { MapContainer, Marker, useMap } from 'react-leaflet';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, kpColour } from '@rada/core';
import type { Checkpoint, KpColourMode, LatLng } from '@rada/core';
import { markerIcon } from './markerIcon.ts';
import { LocateControl } from './LocateControl.tsx';
import { BaseLayers } from './BaseLayers.tsx';
import { KeepSize } from './KeepSize.tsx';
import { fitView, mercatorZoom, webZoom } from './crs.ts';
import { ZoomButtons } from './ZoomButtons.tsx';

export interface KpMapProps {
  checkpoints: Checkpoint[];
  colourMode: KpColourMode;
  editable: boolean;
  onMove?: (kpId: string, loc: { lat: number; lng: number }) => void;
  onSelect?: (kpId: string) => void;
  selectedId?: string | null;
  height?: number | string;
  /** The event whose map layers the switcher offers (OpenStreetMap without one). */
  eventId?: string;
}

/** Zoom limit when fitting to the KPs, so one KP does not zoom to street level. */
const FIT_MAX_ZOOM = 15;

export type Located = Checkpoint & { data: { loc: LatLng } };
export const hasLoc = (c: Checkpoint): c is Located =>
  !!c.data.loc && Number.isFinite(c.data.loc.lat) && Number.isFinite(c.data.loc.lng);

/**
 * The checkpoint map (spec 02 "Map"): OpenStreetMap tiles that fail silently, one circle per
 * located KP coloured by `colourMode` and sized by zoom, numbers above MAP_LABEL_MIN_ZOOM.
 * Clicking a marker calls `onSelect`; when `editable`, dragging one calls `onMove`. A dropped
 * marker stays where it was dropped until the KP's `loc` changes, so the caller should update it
 * (optimistically) and roll it back when saving fails.
 */
export function KpMap({
  checkpoints,
  colourMode,
  editable,
  onMove,
  onSelect,
  selectedId = null,
  height = 400,
  eventId,
}: KpMapProps) {
  const located = useMemo(() => checkpoints.filter(hasLoc), [checkpoints]);
  return (
    <Box
      data-testid="kp-map"
      sx={{
        height,
        width: '100%',
        position: 'relative',
        // Keeps Leaflet's pane z-indexes (400 to 1000) inside the map, under app bars and menus.
        isolation: 'isolate',
        // A tile that fails shows the transparent image; never a broken-image outline.
        '& .leaflet-tile': { border: 0 },
        '& .rada-kp-marker': { background: 'none', border: 0 },
      }}
    >
      <MapContainer
        center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
        zoom={MAP_DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
        attributionControl
        zoomControl={false}
      >
        <ZoomButtons />
        <BaseLayers eventId={eventId} />
        <LocateControl />
        <FitToKps located={located} />
        <KeepSize />
        <KpMarkers
          located={located}
          colourMode={colourMode}
          editable={editable}
          onMove={onMove}
          onSelect={onSelect}
          selectedId={selectedId}
        />
      </MapContainer>
    </Box>
  );
}

/** Fits the view to the located KPs once, when the first of them are known. */
function FitToKps({ located }: { located: Located[] }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || located.length === 0) return;
    fitted.current = true;
    const bounds = L.latLngBounds(located.map((c) => [c.data.loc.lat, c.data.loc.lng]));
    fitView(map, bounds, {
      padding: [30, 30],
      maxZoom: webZoom(map, FIT_MAX_ZOOM),
      animate: false,
    });
  }, [map, located]);
  return null;
}

/**
 * One marker per located KP (circles sized by zoom, numbers above MAP_LABEL_MIN_ZOOM), coloured
 * by `colourMode`; the selected one ringed and brought into view. Also the live map's KPs.
 */
export function KpMarkers({
  located,
  colourMode,
  editable,
  onMove,
  onSelect,
  selectedId,
  keyboard = true,
}: {
  located: Located[];
  colourMode: KpColourMode;
  editable: boolean;
  onMove?: KpMapProps['onMove'];
  onSelect?: KpMapProps['onSelect'];
  selectedId: string | null;
  /** Whether the markers take keyboard focus. */
  keyboard?: boolean;
}) {
  const map = useMap();
  const [zoom, setZoom] = useState(() => mercatorZoom(map));
  useEffect(() => {
    // Read the zoom once subscribed too: a fit that ran before this effect fired no event here.
    const handleZoom = () => setZoom(mercatorZoom(map));
    handleZoom();
    // A projection switch may keep the zoom number yet change the scale.
    map.on('zoomend viewreset', handleZoom);
    return () => {
      map.off('zoomend viewreset', handleZoom);
    };
  }, [map]);

  // Bring the selected KP into view when it is chosen elsewhere (a list or the grid).
  const selected = located.find((c) => c.id === selectedId);
  const selectedLat = selected?.data.loc.lat;
  const selectedLng = selected?.data.loc.lng;
  useEffect(() => {
    if (selectedLat === undefined || selectedLng === undefined) return;
    const point = L.latLng(selectedLat, selectedLng);
    if (!map.getBounds().contains(point)) map.panTo(point);
  }, [map, selectedLat, selectedLng]);

  return (
    <>
      {located.map((c) => (
        <KpMarker
          key={c.id}
          kp={c}
          colour={kpColour(c.kp, colourMode)}
          zoom={zoom}
          selected={c.id === selectedId}
          editable={editable}
          onMove={onMove}
          onSelect={onSelect}
          keyboard={keyboard}
        />
      ))}
    </>
  );
}

function KpMarker({
  kp,
  colour,
  zoom,
  selected,
  editable,
  onMove,
  onSelect,
  keyboard,
}: {
  kp: Located;
  colour: string;
  zoom: number;
  selected: boolean;
  editable: boolean;
  onMove?: KpMapProps['onMove'];
  onSelect?: KpMapProps['onSelect'];
  keyboard: boolean;
}) {
  const nr = kp.kp.nr;
  const { lat, lng } = kp.data.loc;
  // A stable position: react-leaflet moves the marker whenever this changes identity, which would
  // yank a marker being dragged back on any unrelated re-render.
  const position = useMemo<L.LatLngTuple>(() => [lat, lng], [lat, lng]);
  const icon = useMemo(
    () => markerIcon({ nr, colour, zoom, selected }),
    [nr, colour, zoom, selected],
  );
  const handlers = useMemo<L.LeafletEventHandlerFnMap>(
    () => ({
      click: () => onSelect?.(kp.id),
      dragend: (e) => {
        const ll = (e.target as L.Marker).getLatLng();
        onMove?.(kp.id, { lat: ll.lat, lng: ll.lng });
      },
    }),
    [kp.id, onMove, onSelect],
  );
  return (
    <Marker
      position={position}
      icon={icon}
      draggable={editable && !!onMove}
      eventHandlers={handlers}
      zIndexOffset={selected ? 1000 : 0}
      keyboard={keyboard}
      title={String(nr)}
    />
  );
}
