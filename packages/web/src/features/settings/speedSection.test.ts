import { describe, expect, it } from 'vitest';
import type { SpeedArea } from '@rada/core';
import { speedSectionOpenByDefault } from './SpeedSection.tsx';

const area: SpeedArea = {
  name: 'Village',
  area: [
    { latitude: 58, longitude: 26 },
    { latitude: 58.1, longitude: 26 },
    { latitude: 58.1, longitude: 26.1 },
  ],
  restricted: false,
  limit: 50,
  timed: false,
};

describe('the speed section', () => {
  it('starts open for a race, closed for an event on foot that uses no speed setting', () => {
    expect(speedSectionOpenByDefault('race', {}, {}, {})).toBe(true);
    expect(speedSectionOpenByDefault('valik', {}, { over1: 2 }, {})).toBe(false);
    expect(speedSectionOpenByDefault('paevak', { speedpenalty: 0 }, {}, undefined)).toBe(false);
  });

  it('starts open on foot once a limit, a penalty or an area is set', () => {
    expect(speedSectionOpenByDefault('valik', {}, { limit: 20 }, {})).toBe(true);
    expect(speedSectionOpenByDefault('valik', { speedpenalty: 5 }, {}, {})).toBe(true);
    expect(speedSectionOpenByDefault('paevak', {}, {}, { v: area })).toBe(true);
  });
});
