import { describe, expect, it } from 'vitest';
import { placeLabels } from './labels.ts';

describe('placeLabels', () => {
  it('keeps labels that do not overlap and drops later ones that would', () => {
    const shown = placeLabels([
      { id: 'a', px: 0, py: 0, chars: 6 },
      { id: 'b', px: 30, py: 5, chars: 6 },
      { id: 'c', px: 0, py: 30, chars: 6 },
      { id: 'd', px: 200, py: 0, chars: 6 },
    ]);
    expect([...shown]).toEqual(['a', 'c', 'd']);
  });

  it('gives the first wish priority (the selected team)', () => {
    const shown = placeLabels([
      { id: 'b', px: 30, py: 5, chars: 6 },
      { id: 'a', px: 0, py: 0, chars: 6 },
    ]);
    expect([...shown]).toEqual(['b']);
  });

  it('keeps labels off markers and bubbles, but not off their own marker', () => {
    const wishes = [
      { id: 'a', px: 0, py: 0, chars: 4 },
      { id: 'b', px: 0, py: 100, chars: 4 },
    ];
    const obstacles = [
      { px: 0, py: 0, r: 9 },
      { px: 0, py: 100, r: 9 },
      { px: 30, py: 100, r: 9 },
    ];
    expect([...placeLabels(wishes, obstacles)]).toEqual(['a']);
  });

  it('places hundreds of labels on a dense grid without overlaps', () => {
    const wishes = Array.from({ length: 300 }, (_, i) => ({
      id: `t${i}`,
      px: (i % 20) * 40,
      py: Math.floor(i / 20) * 40,
      chars: 11,
    }));
    const shown = placeLabels(wishes);
    // Labels ~100 px wide on a 40 px grid: about every third in a row.
    expect(shown.size).toBeGreaterThan(60);
    expect(shown.size).toBeLessThan(150);
  });
});
