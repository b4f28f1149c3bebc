import { describe, expect, it } from 'vitest';
import type { MapLayer } from '@rada/core';
import { creditHtml, escapeHtml } from './safeHtml.ts';
import { OSM_ATTRIBUTION, buildLayer } from './layers.ts';

const keys = { google: null, bing: null };
const attributionOf = (l: MapLayer) =>
  (buildLayer(l, keys)!.layer as unknown as { getAttribution(): string }).getAttribution();

describe('escapeHtml', () => {
  it('leaves no tag, entity or attribute quote', () => {
    expect(escapeHtml(`<b id="x" title='y'>&amp;</b>`)).toBe(
      '&#60;b id=&#34;x&#34; title=&#39;y&#39;&#62;&#38;amp;&#60;/b&#62;',
    );
  });
});

describe('creditHtml', () => {
  it('shows markup and entities as typed', () => {
    expect(creditHtml('&copy; <img src=x onerror=alert(1)>')).toBe(
      '&#38;copy; &#60;img src=x onerror=alert(1)&#62;',
    );
    expect(creditHtml('© Maa-amet 2026')).toBe('© Maa-amet 2026');
  });

  it('links http(s) addresses only, without the sentence’s punctuation', () => {
    expect(creditHtml('© Maa-amet (https://maaamet.ee/kaart?a=1&b=2).')).toBe(
      '© Maa-amet (<a href="https://maaamet.ee/kaart?a=1&#38;b=2" target="_blank" ' +
        'rel="noopener noreferrer">https://maaamet.ee/kaart?a=1&#38;b=2</a>).',
    );
    expect(creditHtml('javascript:alert(1) data:text/html,x')).toBe(
      'javascript:alert(1) data:text/html,x',
    );
    expect(creditHtml('see http://"onmouseover=x')).toBe('see http://&#34;onmouseover=x');
  });
});

describe('layer credits', () => {
  it('gives the organiser’s credit as text and keeps the app’s own credits', () => {
    const hostile = '<b id="pwn">x</b>';
    const url = 'https://tiles.example/{z}/{x}/{y}.png';
    expect(attributionOf({ type: 'leaflet', conf: { url, attribution: hostile } })).toBe(
      escapeHtml(hostile),
    );
    expect(attributionOf({ type: 'wms', conf: { url, layers: 'a', attribution: hostile } })).toBe(
      escapeHtml(hostile),
    );
    expect(
      attributionOf({ type: 'maaamet', conf: { url, layer: 'a', attribution: hostile } }),
    ).toBe(escapeHtml(hostile));
    expect(attributionOf({ type: 'osm', conf: {} })).toBe(OSM_ATTRIBUTION);
  });
});
