import { describe, expect, it } from 'vitest';
import { easeOut, indexAt, normalise, segmentColour, spinTarget } from './wheelGeometry.ts';

describe("the wheel's geometry", () => {
  it('ends every spin with the drawn segment under the pointer, turning forwards', () => {
    for (const count of [1, 2, 3, 7, 50, 333]) {
      for (const index of [0, Math.floor(count / 2), count - 1]) {
        for (const from of [0, 1.234, -7, 100.5]) {
          for (const offset of [-0.5, 0, 0.3]) {
            const to = spinTarget(from, index, count, 5, offset);
            expect(indexAt(to, count), `${count} ${index} ${from} ${offset}`).toBe(index);
            expect(to - from).toBeGreaterThanOrEqual(5 * 2 * Math.PI);
            expect(to - from).toBeLessThan(6 * 2 * Math.PI);
          }
        }
      }
    }
  });

  it('finds the segment under the pointer', () => {
    // Unturned, segment 0 starts at the pointer and runs clockwise away from it: the pointer
    // sits at the end of the last segment.
    expect(indexAt(0.001, 4)).toBe(3);
    expect(indexAt(-0.001, 4)).toBe(0);
    expect(indexAt(-Math.PI / 2 - 0.01, 4)).toBe(1);
    expect(indexAt(0, 0)).toBe(-1);
  });

  it('eases out and keeps angles in one turn', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(0.5)).toBeGreaterThan(0.5);
    expect(normalise(-Math.PI / 2)).toBeCloseTo((3 * Math.PI) / 2);
  });

  it('never gives neighbours the same colour around the wheel', () => {
    for (const count of [2, 3, 8, 9, 17, 25]) {
      for (let i = 0; i < count; i++) {
        const next = (i + 1) % count;
        expect(segmentColour(i, count), `${count}: ${i}`).not.toBe(segmentColour(next, count));
      }
    }
  });
});
