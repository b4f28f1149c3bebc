import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TrackingSecret } from '@rada/core';
import { declare } from '../http/contract.ts';
import type { DeclaredRequest } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { checkedJsonParser } from '../http/limits.ts';
import type { TrackingService } from './tracking.service.ts';
import type { TrackingIngestService } from './trackingIngest.service.ts';

/**
 * The largest body of an ingest request: a background app sends one point or a short batch
 * (Traccar Client's JSON is about 700 bytes a point), whatever BODY_LIMIT says.
 */
export const TRACKING_BODY_LIMIT = 64 * 1024;

const unknownLink = () => new AppError('tracking.error.unknownlink', 404);

/** The secret of an ingest URL, or 404 tracking.error.unknownlink for one no link can have. */
function secretOf(req: FastifyRequest<{ Params: { secret: string } }>): string {
  const parsed = TrackingSecret.safeParse(req.params.secret);
  if (!parsed.success) throw unknownLink();
  return parsed.data;
}

/**
 * Tracking links, the event's Traccar forwarding, and their public ingest (declared in core's
 * contract/tracking.ts).
 */
export async function trackingRoutes(
  api: FastifyInstance,
  tracking: TrackingService,
  ingest: TrackingIngestService,
): Promise<void> {
  declare(api, 'trackingLinks', (req) =>
    tracking.teamLinks(req.actor, req.params.id, req.params.teamId),
  );
  declare(api, 'createTrackingLink', (req) =>
    tracking.create(req.actor, req.params.id, req.params.teamId, req.body),
  );
  declare(api, 'deleteTrackingLink', (req) =>
    tracking.remove(req.actor, req.params.id, req.params.linkId),
  );
  declare(api, 'eventTracking', (req) => tracking.eventTracking(req.actor, req.params.id));
  declare(api, 'enableTrackerFeed', (req) => tracking.setFeed(req.actor, req.params.id));
  declare(api, 'disableTrackerFeed', (req) => tracking.deleteFeed(req.actor, req.params.id));

  // The public ingest, in a scope of its own: apps post forms and text as well as JSON (the API
  // elsewhere takes JSON only, http/origin.ts jsonBodiesOnly). No session is used here, so a
  // body type another site's page may send costs nothing: the secret in the path is the
  // credential. Apps send no Origin, which the cross-site write check lets through. No rate
  // limit: one Traccar server, or 2,000 phones behind one carrier NAT, is one address.
  await api.register(async (scope) => {
    const asText = (_req: FastifyRequest, body: string, done: (e: null, b: string) => void) =>
      done(null, body);
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'string' },
      asText,
    );
    // OwnTracks posts an empty JSON body for some messages: no body, not a 400.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      checkedJsonParser(scope, { emptyAs: 'none' }),
    );
    // GPSLogger posts whatever type its user typed in.
    scope.addContentTypeParser('*', { parseAs: 'string' }, asText);

    const options = { bodyLimit: TRACKING_BODY_LIMIT };
    const fromApp = async (req: DeclaredRequest<'appLocationGet' | 'appLocations'>) => {
      const { format, result } = await ingest.fromApp(secretOf(req), {
        contentType: req.headers['content-type'],
        query: req.query as Record<string, string | string[] | undefined>,
        body: req.body,
      });
      // OwnTracks reads the answer as a JSON array of messages for it (friends' positions).
      return format === 'owntracks' ? [] : result;
    };
    // OsmAnd and GPSLogger send GET; a HEAD (a link checker) must store nothing.
    // Under the API's /api prefix: TRACKING_LINK_PATH and TRACKER_FEED_PATH.
    declare(scope, 'appLocationGet', fromApp, { exposeHeadRoute: false });
    declare(scope, 'appLocations', fromApp, options);
    declare(
      scope,
      'traccarLocation',
      (req) => ingest.fromTraccar(secretOf(req), req.body),
      options,
    );
  });
}
