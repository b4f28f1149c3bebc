import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useState } from 'react';
import { Box, Paper } from '@mui/material';
import L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@rada/core';
import type { Checkpoint, SpeedRange } from '@rada/core';
import { LocateControl } from '../map/LocateControl.tsx';
import { BaseLayers, useEventMap } from '../map/BaseLayers.tsx';
import { SpeedLegend } from './SpeedLegend.tsx';
import { KeepSize } from '../map/KeepSize.tsx';
import { KpMarkers, hasLoc } from '../map/KpMap.tsx';
import { TeamLayer } from './teamLayer.ts';
import { ZoomButtons } from '../map/ZoomButtons.tsx';

export interface LiveMapProps {
  checkpoints: Checkpoint[];
  /** The event's `map` setting: its OpenStreetMap-type layers join the layer switcher. */
  eventId: string;
  onSelect: (teamId: string) => void;
  /** Gets the team layer once the map exists (and null when it goes). */
  onReady: (layer: TeamLayer | null, map: L.Map | null) => void;
}

/**
 * The live map's Leaflet part (spec 02 "Map"): the layer switcher (OpenStreetMap and the
 * event's own layers; tiles fail silently), locate-me, the KPs with number labels, and the
 * TeamLayer the tab draws the teams on. Canvas rendering (preferCanvas) keeps hundreds of
 * teams smooth.
 */
export function LiveMap({ checkpoints, eventId, onSelect, onReady }: LiveMapProps) {
  const located = useMemo(() => checkpoints.filter(hasLoc), [checkpoints]);
  const ranges = useEventMap(eventId).data?.speedranges ?? NO_RANGES;
  return (
    <Box
      data-testid="live-map"
      sx={{
        height: '100%',
        width: '100%',
        position: 'relative',
        isolation: 'isolate',
        '& .leaflet-tile': { border: 0 },
        '& .rada-kp-marker, & .rada-team-cluster': { background: 'none', border: 0 },
        '& .rada-team-label': {
          padding: '1px 5px',
          fontSize: 12,
          fontWeight: 600,
          borderRadius: 1,
          boxShadow: '0 1px 2px rgba(0,0,0,.4)',
          whiteSpace: 'nowrap',
        },
        '& .rada-team-label::before': { display: 'none' },
      }}
    >
      <MapContainer
        center={[MAP_DEFAULT_CENTER.lat, MAP_DEFAULT_CENTER.lng]}
        zoom={MAP_DEFAULT_ZOOM}
        style={{ height: '100%', width: '100%' }}
        preferCanvas
        attributionControl
        zoomControl={false}
      >
        <ZoomButtons />
        <BaseLayers eventId={eventId} />
        <LocateControl />
        <KeepSize />
        <KpMarkers
          located={located}
          colourMode="none"
          editable={false}
          selectedId={null}
          keyboard={false}
        />
        <TeamLayerBridge onSelect={onSelect} onReady={onReady} ranges={ranges} />
      </MapContainer>
      {ranges.length > 0 && (
        <Paper
          elevation={2}
          sx={{ position: 'absolute', left: 8, bottom: 20, zIndex: 1000, px: 1, py: 0.5 }}
        >
          <SpeedLegend ranges={ranges} />
        </Paper>
      )}
    </Box>
  );
}

function TeamLayerBridge({
  onSelect,
  onReady,
  ranges,
}: Pick<LiveMapProps, 'onSelect' | 'onReady'> & { ranges: readonly SpeedRange[] }) {
  const map = useMap();
  const { t } = useTranslation();
  const [layer, setLayer] = useState<TeamLayer | null>(null);
  useEffect(() => {
    const created = new TeamLayer(map, {
      onSelect: (id) => onSelect(id),
      clusterTitle: (count) => t('live.cluster', { count }),
    });
    setLayer(created);
    onReady(created, map);
    return () => {
      onReady(null, null);
      setLayer(null);
      created.destroy();
    };
  }, [map, onSelect, onReady, t]);
  useEffect(() => layer?.setSpeedRanges(ranges), [layer, ranges]);
  return null;
}

const NO_RANGES: readonly SpeedRange[] = [];
