import { z } from 'zod';
import { SHORTLINK_MAX_LENGTH } from '../limits.ts';
import { DeviceIdParam } from '../messages.ts';

/** `:id`: an event's id (its short link). */
export const EventParams = z.object({
  id: z.string().min(1).max(SHORTLINK_MAX_LENGTH).describe("The event's id (its short link)"),
});

/** A key under an event (a team's, a backup's, a KP's id). */
export const Key = z.string().min(1).max(100);

/** An answer that is a file or binary data, not JSON (with `answerType`). */
export const Bytes = z.string().meta({ format: 'binary', description: 'The bytes' });

/** `:deviceId`: a device's id, as the participant app and the tracking apps send it. */
export const DeviceParams = z.object({ deviceId: DeviceIdParam.describe("The device's id") });

/** A point on the map in degrees, as an answer gives it. */
export const MapPoint = z.object({ lat: z.number(), lng: z.number() });
