import { describe, expect, it } from 'vitest';
import type { Checkpoint } from '@rada/core';
import { eventPlace } from './eventPlace.ts';

const kp = (loc?: { lat: number; lng: number }) => ({ data: { loc } }) as unknown as Checkpoint;

describe('eventPlace', () => {
  it('is the middle of the event area, else of the located KPs, else unknown', () => {
    const area = { northEast: { lat: 59, lng: 27 }, southWest: { lat: 58, lng: 26 } };
    expect(eventPlace({ eventbounds: area }, [kp({ lat: 0, lng: 0 })])).toEqual({
      lat: 58.5,
      lng: 26.5,
    });
    expect(
      eventPlace({ eventbounds: null }, [kp({ lat: 58, lng: 26 }), kp(), kp({ lat: 59, lng: 27 })]),
    ).toEqual({ lat: 58.5, lng: 26.5 });
    expect(eventPlace(undefined, [kp()])).toBeNull();
  });
});
