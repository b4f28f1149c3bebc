import { describe, expect, it } from 'vitest';
import { eventTileLayers } from './eventLayers.ts';

const url = 'https://tiles.example.org/{z}/{x}/{y}.png';

describe('eventTileLayers', () => {
  it('offers an osm default map and titled osm user layers', () => {
    const layers = eventTileLayers({
      default: { type: 'osm', conf: { url, attribution: '© Example', maxZoom: 17 } },
      userlayers: [
        { type: 'osm', title: 'Topo', conf: { url } },
        { type: 'wms', title: 'Nature', conf: { url } },
        { type: 'osm', title: '', conf: { url } },
      ],
    });
    expect(layers).toEqual([
      { title: null, url, attribution: '© Example', maxZoom: 17 },
      { title: 'Topo', url, attribution: '', maxZoom: 18 },
    ]);
  });

  it('skips other types, missing or non-tile URLs and junk', () => {
    expect(eventTileLayers(undefined)).toEqual([]);
    expect(eventTileLayers('osm')).toEqual([]);
    expect(eventTileLayers({ default: { type: 'google', conf: { url } } })).toEqual([]);
    expect(eventTileLayers({ default: { type: 'osm', conf: {} } })).toEqual([]);
    expect(
      eventTileLayers({ default: { type: 'osm', conf: { url: 'javascript:{z}{x}{y}' } } }),
    ).toEqual([]);
  });
});
