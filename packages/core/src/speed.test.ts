import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEED, DEFAULT_SPEED_LIMIT_KMH } from './limits.ts';
import { eventTypeOf, speedMonitoredByDefault, speedSettingsOf } from './speed.ts';

describe('speed defaults by event type', () => {
  it('give a race the 90 km/h limit and teams on foot none', () => {
    expect(DEFAULT_SPEED_LIMIT_KMH).toEqual({ paevak: null, valik: null, race: 90 });
    expect(speedSettingsOf({}, 'race')).toEqual({ ...DEFAULT_SPEED, limit: 90 });
    expect(speedSettingsOf({}, 'valik')).toEqual({ ...DEFAULT_SPEED, limit: null });
    expect(speedSettingsOf({}, 'paevak').limit).toBeNull();
    expect(speedMonitoredByDefault('race')).toBe(true);
    expect(speedMonitoredByDefault('valik')).toBe(false);
    expect(speedMonitoredByDefault('paevak')).toBe(false);
  });

  it('keep what the organiser stored, whatever the type', () => {
    const stored = { limit: 20, over1: 5, delay2: 0 };
    expect(speedSettingsOf(stored, 'valik')).toEqual({ ...DEFAULT_SPEED, ...stored });
    expect(speedSettingsOf({ limit: 110 }, 'race').limit).toBe(110);
    // What is not a number not below zero is the default.
    expect(speedSettingsOf({ limit: -5, over1: 'x', delay1: null }, 'race')).toEqual({
      ...DEFAULT_SPEED,
      limit: 90,
    });
  });

  it('read an unknown or missing type as the default type (valik, on foot)', () => {
    expect(eventTypeOf({ type: 'race' })).toBe('race');
    expect(eventTypeOf({ type: 'rally' })).toBe('valik');
    expect(eventTypeOf({})).toBe('valik');
  });
});
