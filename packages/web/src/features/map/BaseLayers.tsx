import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { TileLayer, useMap } from 'react-leaflet';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventMapView, MapKeys, MapLayer, MapSetting } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useConfig } from '../auth/useMe.ts';
import { TRANSPARENT_TILE } from './markerIcon.ts';
import { isFitted, leafletCrs, switchCrs } from './crs.ts';
import { OSM_ATTRIBUTION, OSM_URL, buildLayer } from './layers.ts';
import { escapeHtml } from './safeHtml.ts';
import type { BuiltLayer } from './layers.ts';
import { OwnMapLayers } from './OwnMapLayers.tsx';
import { drawableImages, gridOf, imagesArea, ownMapMaxZoom } from './ownMapLayers.ts';

/**
 * OpenStreetMap tiles that fail silently (a blank tile offline), for maps outside an event.
 * `attribution` replaces the usual credit where space is short.
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

/** The event's map (GET /api/events/:id/map), shared by every map of the event. */
export function useEventMap(eventId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.eventMap(eventId ?? ''),
    queryFn: () => api.eventMap(eventId ?? ''),
    enabled: eventId !== undefined && eventId !== '',
    staleTime: 60_000,
    // A map image published from a time to come shows when that time comes, not at a reload.
    refetchInterval: (query) => untilImagesChange(query.state.data, Date.now()),
  });
}

/**
 * How long until the event's map should be read again because a map image becomes public
 * (a moment after its time, so the server's clock has passed it; an hour at the most), or
 * false when none comes.
 */
export function untilImagesChange(map: EventMapView | undefined, now: number): number | false {
  const at = map?.imagesChangeAt;
  if (at === null || at === undefined) return false;
  // At most an hour at a time (a timer's delay overflows past 24.8 days).
  return Math.min(3_600_000, Math.max(1000, at - now + 1000));
}

const NO_KEYS: MapKeys = { google: null, bing: null };
/** Maps already shown the event area. */
const areaShown = new WeakSet<L.Map>();

/** One entry of the layer switcher. */
export interface SwitcherEntry {
  name: string;
  built: BuiltLayer;
  overlay: boolean;
  /** The layer shown first (the event's default). */
  checked: boolean;
  /** The layer as the event defines it. */
  source: MapLayer;
}

/**
 * The switcher's entries for an event's map: the event's default first (checked), OpenStreetMap
 * when the default is something else, then the user layers in order; transparent layers marked
 * `overlay` as overlays. Layers that cannot be drawn here (no key, no address) are left out.
 */
export function switcherEntries(
  view: Pick<EventMapView, 'map'> | undefined,
  keys: MapKeys,
  t: (key: string, options?: Record<string, unknown>) => string,
): SwitcherEntry[] {
  const entries: SwitcherEntry[] = [];
  const osm: MapLayer = { type: 'osm', conf: {} };
  const main = view?.map.default ?? osm;
  const add = (source: MapLayer, name: string, checked: boolean) => {
    const built = buildLayer(source, keys);
    if (!built) return false;
    const title = source.private ? t('map.layer.private', { name }) : name;
    entries.push({ name: title, built, overlay: source.overlay === true, checked, source });
    return true;
  };
  const mainShown = add(
    main,
    main.type === 'osm' && !main.conf.url ? t('map.layer.osm') : t('map.layer.event'),
    true,
  );
  if (main.type !== 'osm' || main.conf.url) add(osm, t('map.layer.osm'), !mainShown);
  for (const l of view?.map.userlayers ?? []) add(l, l.title, false);
  return entries;
}

/**
 * The layer switcher of every map of an event (spec 02 "Map"): the event's layers of every type,
 * its default shown first; choosing a base map in another projection (the Estonian EPSG:3301
 * grid or Web Mercator) redraws the map in it, keeping its centre and scale, and every overlay
 * (KPs, tracks, areas, teams) follows. Tiles that fail to load stay blank. The event's own map
 * images (OwnMapLayers) join the switcher as overlays; the map zooms in as far as they draw.
 */
export function BaseLayers({
  eventId,
  preview,
  ownMapTop,
  withoutImage,
}: {
  eventId?: string;
  preview?: MapSetting;
  /** Where the map image's quick switch sits (px from the top of the map's left edge). */
  ownMapTop?: number;
  /** A map image not to draw (the one being placed, which draws its own preview). */
  withoutImage?: string;
}) {
  const map = useMap();
  const { t } = useTranslation();
  const config = useConfig();
  const served = useEventMap(preview ? undefined : eventId);
  const eventMap = preview ? { isPending: false, data: { map: preview } } : served;
  const waiting = (!preview && eventId !== undefined && eventMap.isPending) || config.isPending;
  // Rebuilt only when what it shows changes (a refetch of equal data keeps the layers).
  const signature = waiting
    ? ''
    : JSON.stringify([eventMap.data?.map ?? null, config.data?.mapKeys ?? NO_KEYS]);
  const entries = useMemo(
    () =>
      signature === '' ? [] : switcherEntries(eventMap.data, config.data?.mapKeys ?? NO_KEYS, t),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the data
    [signature, t],
  );
  // A map with nothing of its own to fit (no KPs yet) shows the event area, once; without one,
  // the area of its map images (a visitor who sees no KPs would else see none of the map).
  const area = served.data?.eventbounds ?? imagesArea(drawableImages(served.data));
  const areaKey = area ? JSON.stringify(area) : '';
  useEffect(() => {
    if (!area || isFitted(map) || areaShown.has(map)) return;
    areaShown.add(map);
    map.fitBounds(
      [
        [area.southWest.lat, area.southWest.lng],
        [area.northEast.lat, area.northEast.lng],
      ],
      { animate: false },
    );
    // The key stands for the area.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, areaKey]);
  /** The base layer the person chose, kept when the layers are rebuilt. */
  const chosen = useRef<string | null>(null);
  const [control, setControl] = useState<L.Control.Layers | null>(null);
  // The finest zoom of the map images in each grid: a map lets one zoom in that far.
  // Read when a base map is shown, so the images' progress does not rebuild the switcher.
  const ownMax = useRef<(crs: L.CRS) => number>(() => 0);
  const images = served.data?.images;
  // Declared before the switcher's effect, so it runs first.
  useEffect(() => {
    const drawable = drawableImages({ images: images ?? [] });
    ownMax.current = (crs: L.CRS) => ownMapMaxZoom(drawable, gridOf(crs)) ?? 0;
  }, [images]);

  useEffect(() => {
    if (entries.length === 0) return;
    const control = L.control.layers(undefined, undefined, { position: 'topright' });
    const byLayer = new Map<L.Layer, SwitcherEntry>();
    for (const e of entries) {
      byLayer.set(e.built.layer, e);
      // Leaflet writes a layer's name into the switcher as HTML; an organiser's title is text.
      if (e.overlay) control.addOverlay(e.built.layer, escapeHtml(e.name));
      else control.addBaseLayer(e.built.layer, escapeHtml(e.name));
    }
    const first =
      entries.find((e) => !e.overlay && e.name === chosen.current) ??
      entries.find((e) => e.checked && !e.overlay) ??
      entries.find((e) => !e.overlay);
    const show = (built: BuiltLayer) => {
      const crs = leafletCrs(built.crs);
      const own = ownMax.current(crs);
      switchCrs(map, crs, built.minZoom, Math.max(built.maxZoom, own));
      // In the same CRS nothing was set: the map's range is its layers' (the images take no part).
      if (own > built.maxZoom && map.getMaxZoom() < own) map.setMaxZoom(own);
    };
    if (first) {
      show(first.built);
      first.built.layer.addTo(map);
    }
    const onBase = (ev: L.LayersControlEvent) => {
      const e = byLayer.get(ev.layer);
      if (!e) return;
      chosen.current = e.name;
      show(e.built);
    };
    map.on('baselayerchange', onBase);
    control.addTo(map);
    const container = control.getContainer();
    if (container) container.dataset.testid = 'map-layers';
    setControl(control);
    return () => {
      setControl(null);
      map.off('baselayerchange', onBase);
      control.remove();
      for (const e of entries) e.built.layer.remove();
    };
  }, [map, entries]);
  if (preview || !eventId) return null;
  const view =
    withoutImage && served.data
      ? { images: served.data.images.filter((i) => i.id !== withoutImage) }
      : served.data;
  return <OwnMapLayers eventId={eventId} view={view} control={control} controlTop={ownMapTop} />;
}
