import L from 'leaflet';
import { MAP_LABEL_MIN_ZOOM, markerSize } from '@rada/core';
import type { KpNr } from '@rada/core';
import { escapeHtml } from './safeHtml.ts';

/** A transparent 1×1 GIF: what a tile that fails to load shows instead of a broken image. */
export const TRANSPARENT_TILE =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** What a KP marker looks like at one moment. */
export interface MarkerLook {
  nr: KpNr;
  colour: string;
  zoom: number;
  selected: boolean;
}

/** Whether number labels show at this zoom (only above MAP_LABEL_MIN_ZOOM). */
export function showsLabel(zoom: number): boolean {
  return zoom > MAP_LABEL_MIN_ZOOM;
}

/**
 * The HTML of a KP marker: a circle of markerSize(zoom) in the KP's colour, with its number
 * when the zoom shows labels, and a ring when selected. The number is escaped ('12a', 'F', or
 * anything an import wrote).
 */
export function markerHtml({ nr, colour, zoom, selected }: MarkerLook): string {
  const size = markerSize(zoom);
  const nrText = escapeHtml(String(nr));
  const label = showsLabel(zoom) ? nrText : '';
  const ring = selected ? '0 0 0 3px #fff, 0 0 0 6px #ff6f00' : '0 1px 3px rgba(0,0,0,.5)';
  const font = Math.max(10, Math.round(size * 0.4));
  return (
    `<div data-testid="kp-marker-${nrText}" data-selected="${selected}" ` +
    `data-colour="${escapeHtml(colour)}" title="${nrText}" ` +
    `style="width:${size}px;height:${size}px;border-radius:50%;box-sizing:border-box;` +
    `background:${escapeHtml(colour)};border:2px solid #fff;box-shadow:${ring};` +
    `display:flex;align-items:center;justify-content:center;color:#fff;` +
    `font:700 ${font}px/1 sans-serif;text-shadow:0 0 2px #000;cursor:pointer">${label}</div>`
  );
}

/** A Leaflet divIcon for markerHtml, anchored at the circle's centre. */
export function markerIcon(look: MarkerLook): L.DivIcon {
  const size = markerSize(look.zoom);
  return L.divIcon({
    html: markerHtml(look),
    className: 'rada-kp-marker',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}
