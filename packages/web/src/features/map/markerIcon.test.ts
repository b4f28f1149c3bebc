import { describe, expect, it } from 'vitest';
import { markerHtml, markerIcon, showsLabel } from './markerIcon.ts';

const look = { nr: 7, colour: '#e53935', zoom: 12, selected: false };

describe('markerHtml', () => {
  it('sizes the circle 40, 20 and 10 px by zoom', () => {
    expect(markerHtml({ ...look, zoom: 12 })).toContain('width:40px;height:40px');
    expect(markerHtml({ ...look, zoom: 10 })).toContain('width:20px;height:20px');
    expect(markerHtml({ ...look, zoom: 9 })).toContain('width:20px');
    expect(markerHtml({ ...look, zoom: 8 })).toContain('width:10px;height:10px');
  });

  it('shows the number only above zoom 10', () => {
    expect(showsLabel(10)).toBe(false);
    expect(showsLabel(11)).toBe(true);
    expect(markerHtml({ ...look, zoom: 11 })).toMatch(/>7<\/div>$/);
    expect(markerHtml({ ...look, zoom: 10 })).toMatch(/><\/div>$/);
  });

  it('carries the colour, the test id and the selection', () => {
    const html = markerHtml({ ...look, nr: 'F', selected: true });
    expect(html).toContain('background:#e53935');
    expect(html).toContain('data-testid="kp-marker-F"');
    expect(html).toContain('data-selected="true"');
    expect(markerHtml(look)).toContain('data-selected="false"');
  });

  it('escapes a number that looks like markup', () => {
    const html = markerHtml({ ...look, nr: '<b>"1' });
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;b&#62;&#34;1');
  });
});

describe('markerIcon', () => {
  it('anchors the icon at the centre of the circle', () => {
    const icon = markerIcon({ ...look, zoom: 9 });
    expect(icon.options.iconSize).toEqual([20, 20]);
    expect(icon.options.iconAnchor).toEqual([10, 10]);
    expect(icon.options.className).toBe('rada-kp-marker');
  });
});
