import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '@rada/core';
import { descriptionLines, formatCoords } from './controlDescription.ts';

const kp = (id: string, nr: number | string, extra: Partial<Checkpoint> = {}): Checkpoint => ({
  id,
  kp: { nr },
  data: {},
  ...extra,
});

describe('descriptionLines', () => {
  it('sorts by KP number with F last and defaults the value to 1', () => {
    const lines = descriptionLines([kp('a', 'F'), kp('b', 10), kp('c', 2), kp('d', '3a')]);
    expect(lines.map((l) => l.nr)).toEqual([2, 10, '3a', 'F']);
    expect(lines[0]?.value).toBe(1);
  });

  it('lists responses but never marks or includes the correct answer', () => {
    const [line] = descriptionLines([
      kp('a', 1, {
        kp: { nr: 1, ra: 3 },
        data: { desc: 'Stone', responses: { r1: 'A', r2: 'B', r3: ' ' }, scores: { r1: 5 } },
        answer: 'r2',
      }),
    ]);
    expect(line).toEqual({
      id: 'a',
      nr: 1,
      value: 3,
      desc: 'Stone',
      coords: '',
      responses: ['A', 'B'],
    });
    expect(JSON.stringify(line)).not.toContain('r2');
  });
});

describe('formatCoords', () => {
  it('writes hemispheres and five decimals', () => {
    expect(formatCoords({ lat: 58.38, lng: 26.72 })).toBe('58.38000 N, 26.72000 E');
    expect(formatCoords({ lat: -1.5, lng: -70.123456 })).toBe('1.50000 S, 70.12346 W');
    expect(formatCoords(undefined)).toBe('');
  });
});
