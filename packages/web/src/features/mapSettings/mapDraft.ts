import { LAYER_TYPES, MAP_CRS } from '@rada/core';
import type { LayerType } from '@rada/core';

/**
 * The map setting while it is edited: plain objects that may be incomplete (a layer whose
 * address is not typed yet), turned into JSON text for the setting's draft. The setting's
 * schema (core MapSetting) decides on save whether it is complete.
 */
export interface DraftLayer {
  type: LayerType;
  title?: string;
  conf: Record<string, unknown>;
  private?: boolean;
  overlay?: boolean;
  offline?: boolean;
}

export interface DraftMap {
  default?: DraftLayer;
  userlayers?: DraftLayer[];
  offlinemaxzoom?: number;
  [key: string]: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function layerOf(v: unknown): DraftLayer | null {
  if (!isRecord(v) || !LAYER_TYPES.includes(v.type as LayerType)) return null;
  return { ...v, type: v.type as LayerType, conf: isRecord(v.conf) ? v.conf : {} };
}

/** The draft text as a map being edited (anything unreadable is an empty map). */
export function mapOfDraft(text: string): DraftMap {
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    value = {};
  }
  if (!isRecord(value)) return {};
  const main = layerOf(value.default);
  return {
    ...value,
    ...(main ? { default: main } : { default: undefined }),
    userlayers: Array.isArray(value.userlayers)
      ? value.userlayers.map(layerOf).filter((l): l is DraftLayer => l !== null)
      : [],
  };
}

export const draftOfMap = (map: DraftMap): string => JSON.stringify(map, null, 2);

/** A field of a layer type's form. */
export interface LayerField {
  key: string;
  kind: 'text' | 'number' | 'bool' | 'select';
  required?: boolean;
  options?: readonly string[];
}

const zoomFields: LayerField[] = [
  { key: 'minZoom', kind: 'number' },
  { key: 'maxZoom', kind: 'number' },
];

/** The form of each layer type (labels: `map.field.{key}`). WMTS layers also get a picker. */
export const LAYER_FIELDS: Record<LayerType, LayerField[]> = {
  osm: [
    { key: 'url', kind: 'text' },
    { key: 'attribution', kind: 'text' },
    { key: 'maxZoom', kind: 'number' },
  ],
  leaflet: [
    { key: 'url', kind: 'text', required: true },
    { key: 'subdomains', kind: 'text' },
    { key: 'attribution', kind: 'text' },
    { key: 'crs', kind: 'select', options: MAP_CRS },
    ...zoomFields,
  ],
  wms: [
    { key: 'url', kind: 'text', required: true },
    { key: 'layers', kind: 'text', required: true },
    { key: 'styles', kind: 'text' },
    { key: 'format', kind: 'text' },
    { key: 'version', kind: 'select', options: ['1.3.0', '1.1.1'] },
    { key: 'crs', kind: 'select', options: MAP_CRS },
    { key: 'transparent', kind: 'bool' },
    { key: 'attribution', kind: 'text' },
    ...zoomFields,
  ],
  nutimeri: [
    { key: 'url', kind: 'text', required: true },
    { key: 'layers', kind: 'text', required: true },
    { key: 'attribution', kind: 'text' },
  ],
  maaamet: [
    { key: 'url', kind: 'text', required: true },
    { key: 'layer', kind: 'text', required: true },
    { key: 'crs', kind: 'select', options: MAP_CRS },
    { key: 'attribution', kind: 'text' },
    ...zoomFields,
  ],
  maametmulti: [],
  google: [{ key: 'mapType', kind: 'select', options: ['roadmap', 'satellite', 'terrain'] }],
  bing: [
    {
      key: 'imagerySet',
      kind: 'select',
      options: ['Aerial', 'AerialWithLabelsOnDemand', 'RoadOnDemand'],
    },
  ],
};

/** A conf with one field set; '' and undefined remove it (the field falls back to its default). */
export function setField(
  conf: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const next = { ...conf };
  if (value === '' || value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** The list with the item at `from` moved by `by` places (within bounds). */
export function moved<T>(list: readonly T[], from: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, from + by));
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
