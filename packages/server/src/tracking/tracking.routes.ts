import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CreateTrackingLinkBody, SHORTLINK_MAX_LENGTH } from '@rada/core';
import { AppError, parseWith } from '../http/errors.ts';
import { checkedJsonParser } from '../http/limits.ts';
import type { TrackingService } from './tracking.service.ts';
import type { TrackingIngestService } from './trackingIngest.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const TeamParams = IdParams.extend({ teamId: z.string().min(1).max(100) });
const LinkParams = IdParams.extend({ linkId: z.string().min(1).max(100) });
/** A secret as linkDevice.ts makes them; anything else is no link's (404, not 400). */
const SecretParams = z.object({ secret: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) });

/**
 * The largest body of an ingest request: a background app sends one point or a short batch
 * (Traccar Client's JSON is about 700 bytes a point), whatever BODY_LIMIT says.
 */
export const TRACKING_BODY_LIMIT = 64 * 1024;

const unknownLink = () => new AppError('tracking.error.unknownlink', 404);

/** The secret of an ingest URL, or 404 tracking.error.unknownlink for one no link can have. */
function secretOf(req: FastifyRequest): string {
  const parsed = SecretParams.safeParse(req.params);
  if (!parsed.success) throw unknownLink();
  return parsed.data.secret;
}

/** Tracking links, the event's Traccar forwarding, and their public ingest (docs/api.md). */
export async function trackingRoutes(
  api: FastifyInstance,
  tracking: TrackingService,
  ingest: TrackingIngestService,
): Promise<void> {
  api.get('/events/:id/teams/:teamId/tracking-links', (req) => {
    const p = parseWith(TeamParams, req.params);
    return tracking.teamLinks(req.actor, p.id, p.teamId);
  });

  api.post('/events/:id/teams/:teamId/tracking-links', async (req, reply) => {
    const p = parseWith(TeamParams, req.params);
    const body = parseWith(CreateTrackingLinkBody, req.body);
    return reply.status(201).send(await tracking.create(req.actor, p.id, p.teamId, body));
  });

  api.delete('/events/:id/tracking-links/:linkId', async (req, reply) => {
    const p = parseWith(LinkParams, req.params);
    await tracking.remove(req.actor, p.id, p.linkId);
    return reply.status(204).send();
  });

  api.get('/events/:id/tracking', (req) =>
    tracking.eventTracking(req.actor, parseWith(IdParams, req.params).id),
  );

  api.put('/events/:id/tracker-feed', (req) =>
    tracking.setFeed(req.actor, parseWith(IdParams, req.params).id),
  );

  api.delete('/events/:id/tracker-feed', async (req, reply) => {
    await tracking.deleteFeed(req.actor, parseWith(IdParams, req.params).id);
    return reply.status(204).send();
  });

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
    const fromApp = async (req: FastifyRequest, reply: FastifyReply) => {
      const { format, result } = await ingest.fromApp(secretOf(req), {
        contentType: req.headers['content-type'],
        query: req.query as Record<string, string | string[] | undefined>,
        body: req.body,
      });
      // OwnTracks reads the answer as a JSON array of messages for it (friends' positions).
      return reply.send(format === 'owntracks' ? [] : result);
    };
    // OsmAnd and GPSLogger send GET; a HEAD (a link checker) must store nothing.
    // Under the API's /api prefix: TRACKING_LINK_PATH and TRACKER_FEED_PATH.
    scope.get('/t/:secret', { exposeHeadRoute: false }, fromApp);
    scope.post('/t/:secret', options, fromApp);
    scope.post('/traccar/:secret', options, (req) => ingest.fromTraccar(secretOf(req), req.body));
  });
}
