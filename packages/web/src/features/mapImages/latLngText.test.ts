import { describe, expect, it } from 'vitest';
import { formatLatLng, parseLatLngText } from './latLngText.ts';

describe('parseLatLngText', () => {
  it.each([
    ['58.3776, 26.7290', 58.3776, 26.729],
    ['58.3776 26.7290', 58.3776, 26.729],
    ['58.3776,26.7290', 58.3776, 26.729],
    ['58,3776; 26,7290', 58.3776, 26.729],
    ['58,3776 26,7290', 58.3776, 26.729],
    ['  -33.9 , 151.2 ', -33.9, 151.2],
    ['N 58.3776 E 26.7290', 58.3776, 26.729],
    ['58.3776N, 26.7290E', 58.3776, 26.729],
    ['E 26.7290 N 58.3776', 58.3776, 26.729],
    ['33.9S 70.1W', -33.9, -70.1],
    ['58.3776° 26.7290°', 58.3776, 26.729],
    ['58 26', 58, 26],
  ])('reads %s', (text, lat, lng) => {
    expect(parseLatLngText(text)).toEqual({ lat, lng });
  });

  it.each([
    '',
    '58.3776',
    '91, 26',
    '58, 181',
    'N 58 N 26',
    'E 26 E 58',
    'N58S 26',
    '-33.9S 70',
    '58.3776, 26.7290, 10',
    'abc, def',
    `${'1'.repeat(120)}, 2`,
  ])('refuses %j', (text) => {
    expect(parseLatLngText(text)).toBeNull();
  });

  it('formats what it reads back', () => {
    const p = { lat: 58.377612, lng: 26.729034 };
    expect(parseLatLngText(formatLatLng(p))).toEqual(p);
  });
});
