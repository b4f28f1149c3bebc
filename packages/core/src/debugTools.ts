import { z } from 'zod';

/** The super admin's debug tools (spec 02 §2; docs/api.md, GET /api/admin/debug/*). */

/** Find events by location: events with a KP within this distance of the point. */
export const FIND_RADIUS_KM = 4;
/** The Earth's radius the search uses (spec 02 §2). */
export const FIND_EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km between two points (haversine, FIND_EARTH_RADIUS_KM). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * FIND_EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** GET /api/admin/debug/nearby's query. */
export const NearbyQuery = z
  .object({
    lat: z.coerce.number().min(-90).max(90),
    lng: z.coerce.number().min(-180).max(180),
  })
  .strict();

/** An event with KPs near the point. */
export interface NearbyEvent {
  id: string;
  name: string;
  starttime: number | null;
  /** Its KPs within FIND_RADIUS_KM. */
  kps: number;
  /** The nearest one's distance, km. */
  nearestKm: number;
}

/** GET /api/admin/debug/codes: every join code on the platform. */
export interface DebugCode {
  code: string;
  eventId: string;
  /** Null when the event is gone ('Need event'). */
  eventName: string | null;
  singleteam: boolean;
  valid: number;
  usedBy: string | null;
}

/** GET /api/admin/debug/devices: devices that sent points but belong to no team of the event. */
export interface DebugDevice {
  id: string;
  eventId: string | null;
  userId: string | null;
  lastSeen: number | null;
  lastPointAt: number | null;
  /** Stored points of the device with no team to show them. */
  points: number;
  /** The device's info as it registered ('Missin dev info' when empty). */
  info: Record<string, unknown>;
}

/** GET /api/admin/debug/gps?event=: one device of the event as its points come in. */
export interface GpsState {
  deviceId: string;
  teamId: string | null;
  teamName: string | null;
  lastSeen: number | null;
  lastPointAt: number | null;
  /** Points stored in the last hour. */
  pointsLastHour: number;
  /** The team's last battery level 0…1, null when unknown. */
  battery: number | null;
}
