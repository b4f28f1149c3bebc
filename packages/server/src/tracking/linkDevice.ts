import { randomBytes } from 'node:crypto';

/** The ids of tracking links' devices start so; no participant app registers one (device.service). */
export const LINK_DEVICE_PREFIX = 'trk-';

/** Whether `deviceId` is (or could be) a tracking link's device: no user may register it. */
export const isLinkDevice = (deviceId: string): boolean => deviceId.startsWith(LINK_DEVICE_PREFIX);

/** A new link device's id: the prefix and 16 random URL-safe characters. */
export const newLinkDeviceId = (): string =>
  LINK_DEVICE_PREFIX + randomBytes(12).toString('base64url');

/**
 * A tracking link's secret: 32 random URL-safe characters (192 bits), the whole credential of
 * the URL an app posts to, so it cannot be guessed.
 */
export const newTrackingSecret = (): string => randomBytes(24).toString('base64url');

/** A link's public id (shown to the team and in the log; not a credential). */
export const newLinkId = (): string => randomBytes(9).toString('base64url');
