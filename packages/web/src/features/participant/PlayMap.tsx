import 'leaflet/dist/leaflet.css';
import { memo, useEffect, useMemo, useRef } from 'react';
import { Box, Paper, Typography } from '@mui/material';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import { useTranslation } from 'react-i18next';
import L from 'leaflet';
import { Circle, CircleMarker, MapContainer, Marker, useMap } from 'react-leaflet';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@rada/core';
import type { PlayKp } from '@rada/core';
import { KeepSize } from '../map/KeepSize.tsx';
import { MapButton } from '../map/LocateControl.tsx';
import { BaseLayers } from '../map/BaseLayers.tsx';
import { escapeHtml } from '../map/safeHtml.ts';
import type { KpStatus } from './playRules.ts';
import type { Here } from './useGeolocation.ts';
import { fitView, webZoom } from '../map/crs.ts';
import { ZoomButtons } from '../map/ZoomButtons.tsx';

/** A short credit: the phone's map is small. */
const STATUS_COLOUR: Record<KpStatus, string> = {
  none: '#d32f2f',
  waiting: '#ed6c02',
  sent: '#2e7d32',
};

function kpIcon(kp: PlayKp, status: KpStatus): L.DivIcon {
  const nr = escapeHtml(kp.nr ?? '');
  const colour = kp.cancelled ? '#9e9e9e' : STATUS_COLOUR[status];
  return L.divIcon({
    className: 'rada-play-kp',
    iconSize: [30, 30],
    iconAnchor: [15, 15],
    html:
      `<div data-testid="play-kp-marker-${escapeHtml(kp.id)}" data-status="${status}" ` +
      `style="width:30px;height:30px;border-radius:50%;box-sizing:border-box;background:${colour};` +
      `border:2px solid #fff;box-shadow:0 1px 3px rgba(0,0,0,.5);display:flex;align-items:center;` +
      `justify-content:center;color:#fff;font:700 12px/1 sans-serif">${nr}</div>`,
  });
}

/**
 * The team's map: the event's map layers (tiles fail silently offline), the KPs the team may see
 * coloured by status (red not marked, orange waiting to send, green sent) and the own position
 * with its accuracy circle and a button to centre on it. When the organiser hides the team's own
 * position (`hideownposition`, issue 37) neither the marker nor the circle is drawn, there is no
 * centre-on-me, the view is fitted to the KPs alone, and the map's legend says so. Memoised: the
 * running view re-renders every second for its clock.
 */
export const PlayMap = memo(function PlayMap({
  eventId,
  kps,
  statuses,
  here: position,
  onSelect,
  hideOwnPosition = false,
}: {
  eventId: string;
  kps: PlayKp[];
  statuses: Map<string, KpStatus>;
  here: Here | null;
  onSelect: (kpId: string) => void;
  /** The organiser's `hideownposition`: the team does not see where it is. */
  hideOwnPosition?: boolean;
}) {
  const { t } = useTranslation();
  const located = useMemo(() => kps.filter((k) => k.loc), [kps]);
  const here = hideOwnPosition ? null : position;
  return (
    <Box
      data-testid="play-map"
      sx={{
        height: '100%',
        minHeight: 280,
        width: '100%',
        position: 'relative',
        isolation: 'isolate',
        '& .leaflet-tile': { border: 0 },
        '& .rada-play-kp': { background: 'none', border: 0 },
      }}
    >
      <MapContainer
        center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
        zoom={MAP_DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
        zoomControl={false}
      >
        <ZoomButtons />
        <BaseLayers eventId={eventId} ownMapTop={hideOwnPosition ? 80 : 122} />
        <KeepSize />
        <FitOnce kps={located} here={here} />
        {!hideOwnPosition && <CentreOnMe here={here} />}
        {located.map((kp) => (
          <KpMarker
            key={kp.id}
            kp={kp}
            status={statuses.get(kp.id) ?? 'none'}
            onSelect={onSelect}
          />
        ))}
        {here && (
          <>
            {here.accuracy !== null && (
              <Circle
                center={[here.lat, here.lng]}
                radius={here.accuracy}
                pathOptions={{ color: '#1976d2', weight: 1, fillOpacity: 0.12 }}
              />
            )}
            <CircleMarker
              center={[here.lat, here.lng]}
              radius={8}
              pathOptions={{ color: '#fff', weight: 3, fillColor: '#1976d2', fillOpacity: 1 }}
              className="rada-play-here"
            />
          </>
        )}
      </MapContainer>
      {hideOwnPosition && (
        <Paper
          elevation={2}
          sx={{
            position: 'absolute',
            left: 8,
            right: 48,
            bottom: 20,
            zIndex: 1000,
            px: 1,
            py: 0.5,
          }}
          data-testid="play-map-legend"
        >
          <Typography variant="caption" component="p">
            {t('ownmap.hiddenposition')}
          </Typography>
        </Paper>
      )}
    </Box>
  );
});

function KpMarker({
  kp,
  status,
  onSelect,
}: {
  kp: PlayKp;
  status: KpStatus;
  onSelect: (kpId: string) => void;
}) {
  const icon = useMemo(() => kpIcon(kp, status), [kp, status]);
  const handlers = useMemo(() => ({ click: () => onSelect(kp.id) }), [kp.id, onSelect]);
  if (!kp.loc) return null;
  return (
    <Marker
      position={[kp.loc.lat, kp.loc.lng]}
      icon={icon}
      eventHandlers={handlers}
      title={kp.nr ?? ''}
    />
  );
}

/**
 * Centres the map on the team's own position (the phone's location), at a useful zoom: the map's
 * one locate button. The position is the app's own watch (useGeolocation), the one marks are
 * judged by, not a second request of the map's.
 */
function CentreOnMe({ here }: { here: Here | null }) {
  const { t } = useTranslation();
  const map = useMap();
  return (
    <MapButton
      top={80}
      label={t('map.centreonme')}
      disabled={!here}
      onClick={() =>
        here &&
        map.setView([here.lat, here.lng], Math.max(map.getZoom(), webZoom(map, 15)), {
          animate: false,
        })
      }
      testId="play-centre"
    >
      <GpsFixedIcon fontSize="small" />
    </MapButton>
  );
}

/** Fits the view to the KPs and the own position once both are first known. */
function FitOnce({ kps, here }: { kps: PlayKp[]; here: Here | null }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current) return;
    const points: L.LatLngTuple[] = kps.flatMap((k) => (k.loc ? [[k.loc.lat, k.loc.lng]] : []));
    if (here) points.push([here.lat, here.lng]);
    if (points.length === 0) return;
    fitted.current = here !== null || kps.length > 0;
    fitView(map, L.latLngBounds(points), {
      padding: [40, 40],
      maxZoom: webZoom(map, 16),
      animate: false,
    });
  }, [map, kps, here]);
  return null;
}
