import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import L from 'leaflet';
import { MapContainer, useMap } from 'react-leaflet';
import type { EventMapImageView } from '@rada/core';
import { LEST_CRS, switchCrs } from './crs.ts';
import { OwnMapLayers } from './OwnMapLayers.tsx';
import { OwnMapTileLayer, readOwnMapPrefs } from './ownMapLayers.ts';

const corners: EventMapImageView['corners'] = [
  { lat: 58.39, lng: 26.7 },
  { lat: 58.39, lng: 26.74 },
  { lat: 58.37, lng: 26.74 },
  { lat: 58.37, lng: 26.7 },
];

const view = (over: Partial<EventMapImageView>[]): { images: EventMapImageView[] } => ({
  images: over.map((o, i) => ({
    id: `m${i}`,
    name: `Map ${i}`,
    width: 100,
    height: 100,
    format: 'png',
    bytes: 1,
    placement: null,
    corners,
    state: 'ready',
    progress: null,
    error: null,
    tiles: {
      url: `/api/events/ev/maps/m${i}/tiles/1/{grid}/{z}/{x}/{y}.webp`,
      grids: { '3857': { minZoom: 12, maxZoom: 17, bytes: 1, count: 1 } },
    },
    published: true,
    publicFrom: null,
    inLibrary: false,
    position: i,
    createdAt: 0,
    ...o,
  })),
});

let seen: L.Map | null = null;

/** A layer switcher on the map, as BaseLayers makes one. */
function WithSwitcher({ images }: { images: { images: EventMapImageView[] } }) {
  const map = useMap();
  const [control, setControl] = useState<L.Control.Layers | null>(null);
  useEffect(() => {
    seen = map;
    const c = L.control.layers(undefined, undefined).addTo(map);
    setControl(c);
    return () => void c.remove();
  }, [map]);
  return <OwnMapLayers eventId="ev" view={images} control={control} />;
}

function renderMap(images: { images: EventMapImageView[] }) {
  return render(
    <MapContainer center={[58.38, 26.72]} zoom={14} minZoom={0} maxZoom={20}>
      <WithSwitcher images={images} />
    </MapContainer>,
  );
}

const ownLayers = () => {
  const out: OwnMapTileLayer[] = [];
  seen?.eachLayer((l) => {
    if (l instanceof OwnMapTileLayer) out.push(l);
  });
  return out;
};

afterEach(() => {
  cleanup();
  localStorage.clear();
  seen = null;
});

describe('OwnMapLayers', () => {
  it('puts every ready image on the map and in the switcher, noting what keeps it private', () => {
    renderMap(
      view([
        {},
        { published: false },
        { publicFrom: Date.now() + 3_600_000 },
        { state: 'cutting', tiles: null },
      ]),
    );
    expect(ownLayers().map((l) => l.image.id)).toEqual(['m0', 'm1', 'm2']);
    const labels = [...document.querySelectorAll('.leaflet-control-layers-overlays label')].map(
      (l) => l.textContent?.trim(),
    );
    expect(labels).toEqual(['Map 0', 'Map 1 (not published)', 'Map 2 (not public yet)']);
    // Each checked: shown by default.
    for (const box of document.querySelectorAll<HTMLInputElement>(
      '.leaflet-control-layers-overlays input',
    )) {
      expect(box.checked).toBe(true);
    }
  });

  it('notes in the switcher an image not cut for the projection the map draws in', () => {
    renderMap(view([{}]));
    act(() => switchCrs(seen!, LEST_CRS, 0, 18));
    expect(document.querySelector('.leaflet-control-layers-overlays label')?.textContent).toContain(
      'not cut for this projection',
    );
    act(() => switchCrs(seen!, L.CRS.EPSG3857, 0, 19));
    expect(
      document.querySelector('.leaflet-control-layers-overlays label')?.textContent?.trim(),
    ).toBe('Map 0');
  });

  it('switches to the base map only and back, and remembers it and the opacity per event', () => {
    renderMap(view([{}, {}]));
    const toggle = screen.getByTestId('ownmap-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(ownLayers()).toEqual([]);
    expect(readOwnMapPrefs('ev').hidden).toBe(true);
    expect(screen.queryByTestId('ownmap-opacity')).toBeNull();
    fireEvent.click(screen.getByTestId('ownmap-toggle'));
    expect(ownLayers()).toHaveLength(2);

    const slider = screen.getByTestId('ownmap-opacity').querySelector('input')!;
    fireEvent.change(slider, { target: { value: '0.5' } });
    for (const l of ownLayers()) expect(l.options.opacity).toBe(0.5);
    expect(readOwnMapPrefs('ev')).toEqual({ opacity: 0.5, hidden: false });
  });

  it('opens as the reader left it: base map only stays off, the opacity is kept', () => {
    localStorage.setItem('rada.ownmap.ev', JSON.stringify({ opacity: 0.3, hidden: true }));
    renderMap(view([{}]));
    expect(ownLayers()).toEqual([]);
    fireEvent.click(screen.getByTestId('ownmap-toggle'));
    expect(ownLayers().map((l) => l.options.opacity)).toEqual([0.3]);
  });

  it('draws nothing and offers no switch without a ready image', () => {
    renderMap(view([{ state: 'failed', tiles: null, error: 'maps.error.cut' }]));
    expect(ownLayers()).toEqual([]);
    expect(screen.queryByTestId('ownmap-control')).toBeNull();
  });
});
