import { useEffect, useMemo, useState } from 'react';
import type L from 'leaflet';
import { useMap } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import type { EventMapView } from '@rada/core';
import { escapeHtml } from './safeHtml.ts';
import { OwnMapControl } from './OwnMapControl.tsx';
import {
  OwnMapTileLayer,
  drawableImages,
  gridOf,
  ownMapZooms,
  readOwnMapPrefs,
  writeOwnMapPrefs,
} from './ownMapLayers.ts';
import type { DrawableImage, OwnMapPrefs } from './ownMapLayers.ts';

/**
 * The event's own map images on a map (issue 37): one tile layer per ready image, in the grid
 * of the CRS the map draws in, on top of the base map and below tracks and KPs; each an overlay
 * of the map's layer switcher (`control`, BaseLayers'), checked unless the reader chose "base
 * map only", marked there when it has no tiles in the current projection or is not public yet.
 * The quick switch and opacity slider (OwnMapControl) are remembered per event.
 */
export function OwnMapLayers({
  eventId,
  view,
  control,
  controlTop = 122,
}: {
  eventId: string;
  view: Pick<EventMapView, 'images'> | undefined;
  control: L.Control.Layers | null;
  /** Where the quick switch sits on the map's left edge (px from the top). */
  controlTop?: number;
}) {
  const map = useMap();
  const { t } = useTranslation();
  // Rebuilt only when what is drawn changes (a refetch of equal data keeps the layers).
  const signature = JSON.stringify(
    drawableImages(view).map((i) => [i.id, i.name, i.tiles, i.corners, i.published, i.publicFrom]),
  );
  const images = useMemo(
    () => drawableImages(view),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the images
    [signature],
  );
  const [prefs, setPrefs] = useState<OwnMapPrefs>(() => readOwnMapPrefs(eventId));
  const layers = useMemo(
    () => images.map((image, i) => new OwnMapTileLayer(image, i, prefs.opacity)),
    // The opacity is set on the layers below; a new one must not rebuild them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [images],
  );
  /** How many of the images are on the map (the switcher or the quick switch changes it). */
  const [shown, setShown] = useState(0);

  useEffect(() => {
    const count = () => setShown(layers.filter((l) => map.hasLayer(l)).length);
    if (!readOwnMapPrefs(eventId).hidden) for (const l of layers) l.addTo(map);
    count();
    map.on('layeradd layerremove', count);
    return () => {
      map.off('layeradd layerremove', count);
      for (const l of layers) l.remove();
    };
  }, [map, layers, eventId]);

  useEffect(() => {
    for (const l of layers) l.setOpacity(prefs.opacity);
  }, [layers, prefs.opacity]);

  useEffect(() => {
    if (!control || layers.length === 0) return;
    const now = Date.now();
    let labelled = '';
    const label = () => {
      const grid = gridOf(map.options.crs);
      const names = layers.map((l) => overlayName(l.image, grid, now, t));
      const key = names.join('\n');
      if (key === labelled) return;
      labelled = key;
      // Leaflet writes an overlay's name as HTML: re-add them all to keep their order.
      for (const l of layers) control.removeLayer(l);
      layers.forEach((l, i) => control.addOverlay(l, names[i]!));
    };
    label();
    // A CRS switch may leave an image without tiles in the new grid.
    map.on('viewreset', label);
    return () => {
      map.off('viewreset', label);
      for (const l of layers) control.removeLayer(l);
    };
  }, [map, control, layers, t]);

  const update = (next: OwnMapPrefs) => {
    setPrefs(next);
    writeOwnMapPrefs(eventId, next);
  };
  if (layers.length === 0) return null;
  return (
    <OwnMapControl
      top={controlTop}
      shown={shown > 0}
      opacity={prefs.opacity}
      onToggle={() => {
        const hide = shown > 0;
        for (const l of layers) {
          if (hide) l.remove();
          else l.addTo(map);
        }
        update({ ...prefs, hidden: hide });
      }}
      onOpacity={(opacity) => update({ ...prefs, opacity })}
    />
  );
}

/** An image's name in the layer switcher (HTML), with what keeps it from everyone's view. */
function overlayName(
  image: DrawableImage,
  grid: ReturnType<typeof gridOf>,
  now: number,
  t: (key: string) => string,
): string {
  const notes: string[] = [];
  if (ownMapZooms(image, grid) === null) notes.push(t('ownmap.nogrid'));
  if (!image.published) notes.push(t('ownmap.unpublished'));
  else if (image.publicFrom !== null && image.publicFrom > now) notes.push(t('ownmap.notyet'));
  const note = notes.length
    ? ` <span class="rada-ownmap-note" style="opacity:.7">(${escapeHtml(notes.join(', '))})</span>`
    : '';
  return `<span data-testid="ownmap-overlay-${escapeHtml(image.id)}">${escapeHtml(image.name)}</span>${note}`;
}
