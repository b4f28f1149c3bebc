import {
  ForeignFormatError,
  parseAppRequest,
  parseTraccarForward,
  TRACKING_APPS,
} from '@rada/core';
import type { ForeignFormat, ForeignRequest, IngestResult, TrackingApp } from '@rada/core';
import type { Store } from '../db/store.ts';
import { AppError } from '../http/errors.ts';
import type { TrackService } from '../tracks/track.service.ts';

export interface TrackingIngestDeps {
  store: Pick<Store, 'tracking' | 'tracks'>;
  /** The participant app's ingest: the same checks, storage, live fan-out and speed tickets. */
  tracks: Pick<TrackService, 'storePoints' | 'unknownDevice'>;
  now: () => number;
}

const unknownLink = () => new AppError('tracking.error.unknownlink', 404);

const isApp = (app: string): app is TrackingApp =>
  (TRACKING_APPS as readonly string[]).includes(app);

/** A request that is not a position: 400 with the parser's key; anything else is a fault. */
function refused(error: unknown): AppError {
  if (error instanceof ForeignFormatError) return new AppError(error.key, 400);
  throw error;
}

/**
 * Positions from background apps (a tracking link's secret URL) and from a Traccar server's
 * position forwarding (the event's feed secret), read by core's parsers and stored through the
 * participant app's own ingest (trackService.storePoints) under the link's device. No session:
 * the secret is the credential. One indexed look-up of the secret per request.
 */
export function trackingIngestService({ store, tracks, now }: TrackingIngestDeps) {
  return {
    /**
     * One request of a background app on the link `secret`: 404 tracking.error.unknownlink for
     * no such link (a deleted one too), 400 with the parser's key for a request that is not a
     * position (nothing stored, the link still marked seen); otherwise the points' IngestResult
     * (refused points with reasons) and the format they came in.
     */
    async fromApp(
      secret: string,
      request: ForeignRequest,
    ): Promise<{ format: ForeignFormat; result: IngestResult }> {
      const link = await store.tracking.linkBySecret(secret);
      if (!link || !isApp(link.app)) throw unknownLink();
      let parsed;
      try {
        parsed = parseAppRequest({ ...request, receivedAt: now() }, link.app);
      } catch (error) {
        // The app reaches Rada, though with nothing to store: its setup says so (lastSeen).
        await store.tracks.touchDevice(link.device_id, now());
        throw refused(error);
      }
      const result = await tracks.storePoints(link.device_id, parsed.points, {
        owner: null,
        source: link.app,
      });
      return { format: parsed.format, result };
    },

    /**
     * One position forwarded by the Traccar server of the event whose feed secret this is: the
     * tracker's unique id names a 'tracker' link of the event, whose device stores the point
     * (source 'tracker'; none for a position without a fix). 404 for an unknown feed secret, 400 with the parser's key for a body
     * that is not a position. A tracker no link names is recorded once as the event's 'GPS for
     * unknown device' issue and answered `known: false` (200, so that Traccar does not retry).
     */
    async fromTraccar(secret: string, body: unknown): Promise<IngestResult> {
      let parsed;
      try {
        parsed = parseTraccarForward(body);
      } catch (error) {
        if (!(await store.tracking.feedBySecret(secret))) throw unknownLink();
        throw refused(error);
      }
      const target = await store.tracking.feedTarget(secret, parsed.uniqueId);
      if (!target) throw unknownLink();
      if (target.device_id === null) {
        await tracks.unknownDevice(target.event_id, parsed.uniqueId);
        return { accepted: 0, duplicates: 0, rejected: [], known: false };
      }
      // A position Traccar marks not valid (no fix) is answered and not stored.
      return tracks.storePoints(target.device_id, parsed.point ? [parsed.point] : [], {
        owner: null,
        source: 'tracker',
      });
    },
  };
}
export type TrackingIngestService = ReturnType<typeof trackingIngestService>;
