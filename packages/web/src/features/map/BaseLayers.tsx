import { useMemo } from 'react';
import { LayersControl, TileLayer } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { TRANSPARENT_TILE } from './markerIcon.ts';
import { eventTileLayers } from './eventLayers.ts';

const OSM_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * OpenStreetMap tiles that fail silently (a blank tile offline). `attribution` replaces the
 * usual credit where space is short.
 */
export function OsmTiles({ attribution = OSM_ATTRIBUTION }: { attribution?: string }) {
  return (
    <TileLayer
      url={OSM_URL}
      attribution={attribution}
      errorTileUrl={TRANSPARENT_TILE}
      maxZoom={19}
    />
  );
}

/**
 * The layer switcher of every map (spec 02 "Map"): OpenStreetMap and the event's own layers from
 * its `map` setting, the event's default first; tiles that fail to load stay blank.
 */
export function BaseLayers({ mapConf }: { mapConf?: unknown }) {
  const { t } = useTranslation();
  const extraLayers = useMemo(() => eventTileLayers(mapConf), [mapConf]);
  // The event's own default map, when it has one, is shown first.
  const osmChecked = !extraLayers.some((l) => l.title === null);
  return (
    <LayersControl position="topright">
      <LayersControl.BaseLayer checked={osmChecked} name={t('map.layer.osm')}>
        <OsmTiles />
      </LayersControl.BaseLayer>
      {extraLayers.map((l) => (
        <LayersControl.BaseLayer
          key={`${l.title ?? ''}|${l.url}`}
          checked={l.title === null}
          name={l.title ?? t('map.layer.event')}
        >
          <TileLayer
            url={l.url}
            attribution={l.attribution}
            errorTileUrl={TRANSPARENT_TILE}
            maxZoom={l.maxZoom}
          />
        </LayersControl.BaseLayer>
      ))}
    </LayersControl>
  );
}
