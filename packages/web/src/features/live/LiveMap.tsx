import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo } from 'react';
import { Box } from '@mui/material';
import L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@rada/core';
import type { Checkpoint } from '@rada/core';
import { LocateControl } from '../map/LocateControl.tsx';
import { BaseLayers } from '../map/BaseLayers.tsx';
import { KeepSize } from '../map/KeepSize.tsx';
import { KpMarkers, hasLoc } from '../map/KpMap.tsx';
import { TeamLayer } from './teamLayer.ts';

export interface LiveMapProps {
  checkpoints: Checkpoint[];
  /** The event's `map` setting: its OpenStreetMap-type layers join the layer switcher. */
  mapConf?: unknown;
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
export function LiveMap({ checkpoints, mapConf, onSelect, onReady }: LiveMapProps) {
  const located = useMemo(() => checkpoints.filter(hasLoc), [checkpoints]);
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
      >
        <BaseLayers mapConf={mapConf} />
        <LocateControl />
        <KeepSize />
        <KpMarkers
          located={located}
          colourMode="none"
          editable={false}
          selectedId={null}
          keyboard={false}
        />
        <TeamLayerBridge onSelect={onSelect} onReady={onReady} />
      </MapContainer>
    </Box>
  );
}

function TeamLayerBridge({ onSelect, onReady }: Pick<LiveMapProps, 'onSelect' | 'onReady'>) {
  const map = useMap();
  const { t } = useTranslation();
  useEffect(() => {
    const layer = new TeamLayer(map, {
      onSelect: (id) => onSelect(id),
      clusterTitle: (count) => t('live.cluster', { count }),
    });
    onReady(layer, map);
    return () => {
      onReady(null, null);
      layer.destroy();
    };
  }, [map, onSelect, onReady, t]);
  return null;
}
