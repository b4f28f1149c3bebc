/** A tile layer the map can offer besides OpenStreetMap. */
export interface TileLayerDef {
  /** A title of the event's own, or null for the event's default map. */
  title: string | null;
  url: string;
  attribution: string;
  maxZoom: number;
}

const DEFAULT_MAX_ZOOM = 18;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function osmLayer(layer: unknown, title: string | null): TileLayerDef | null {
  if (!isRecord(layer) || layer.type !== 'osm' || !isRecord(layer.conf)) return null;
  const { url, attribution, maxZoom } = layer.conf;
  // Only plain http(s) tile templates; anything else is ignored rather than half-shown.
  if (typeof url !== 'string' || !/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/.test(url)) return null;
  return {
    title,
    url,
    attribution: typeof attribution === 'string' ? attribution : '',
    maxZoom: typeof maxZoom === 'number' && maxZoom > 0 ? maxZoom : DEFAULT_MAX_ZOOM,
  };
}

/**
 * The OpenStreetMap-type tile layers an event's `map` setting defines (spec 02 §3: `{default:
 * {type, conf}, userlayers: [{type, title, conf}]}`), default first. Other layer types (Estonian
 * CRS, WMS, commercial providers) are not offered here; a layer without a tile URL is skipped.
 */
export function eventTileLayers(mapConf: unknown): TileLayerDef[] {
  if (!isRecord(mapConf)) return [];
  const layers: TileLayerDef[] = [];
  const main = osmLayer(mapConf.default, null);
  if (main) layers.push(main);
  if (Array.isArray(mapConf.userlayers)) {
    for (const l of mapConf.userlayers) {
      const title = isRecord(l) && typeof l.title === 'string' && l.title.trim() ? l.title : null;
      const def = title ? osmLayer(l, title) : null;
      if (def) layers.push(def);
    }
  }
  return layers;
}
