import { useEffect, useState } from 'react';
import type { LocationPoint } from '@rada/core';
import { logEvent } from './appLog.ts';

/** The device's latest position. */
export interface Here {
  lat: number;
  lng: number;
  accuracy: number | null;
  t: number;
}

export interface GeoState {
  here: Here | null;
  /** 'denied', 'unavailable' or 'unsupported' when there is no position to be had. */
  problem: 'denied' | 'unavailable' | 'unsupported' | null;
}

/** A track point from a browser position. */
export function pointFromPosition(p: GeolocationPosition): LocationPoint {
  const c = p.coords;
  /** `v` to a multiple of `step` (null when the phone has none). */
  const num = (v: number | null, step: number) =>
    v === null || !Number.isFinite(v) ? null : Math.round(Math.round(v / step) * step * 1e6) / 1e6;
  // Kept to what a phone's GPS can tell: digits below that are noise, and noise does not
  // compress (a whole-second time, 0.1 m position, 1 m accuracy and altitude, 0.1 m/s, 1°).
  return {
    t: Math.round(p.timestamp / 1000) * 1000,
    y: num(c.latitude, 1e-6)!,
    x: num(c.longitude, 1e-6)!,
    a: num(c.accuracy, 1),
    s: num(c.speed, 0.1),
    l: num(c.altitude, 1),
    g: num(c.heading, 1),
    d: null,
  };
}

/**
 * Watches the device's position with high accuracy. `onPoint` gets each new position as a
 * track point (the caller decides whether to keep it).
 */
export function useGeolocation(onPoint: (point: LocationPoint) => void): GeoState {
  const [state, setState] = useState<GeoState>(() => ({
    here: null,
    problem: typeof navigator !== 'undefined' && navigator.geolocation ? null : 'unsupported',
  }));
  useEffect(() => {
    if (!navigator.geolocation) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        setState({
          here: {
            lat: p.coords.latitude,
            lng: p.coords.longitude,
            accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
            t: p.timestamp,
          },
          problem: null,
        });
        onPoint(pointFromPosition(p));
      },
      (error) => {
        logEvent(`geolocation error ${error.code} ${error.message}`);
        setState((s) => ({
          ...s,
          problem: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
        }));
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [onPoint]);
  return state;
}
