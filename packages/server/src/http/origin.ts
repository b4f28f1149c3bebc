import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { originAllowed } from './security.ts';
import type { SecurityConfig } from './security.ts';

/**
 * Cross-site writes (docs/security.md). SameSite=Lax keeps the session cookie off requests of
 * other sites, but not of the same site: a page on another port of the same host, or on a sibling
 * subdomain, could post with the organiser's cookie (`fetch(…, {mode: 'no-cors', credentials:
 * 'include'})` with a `text/plain` body needs no CORS preflight). Two checks close that:
 * the Origin of a browser's write, and the content types the API takes.
 */

/** The methods that change something; GET, HEAD and OPTIONS change nothing in Rada. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the request acts as a bearer token (a device app, the CLI), which no browser sends by itself. */
function bearerAuthenticated(req: FastifyRequest): boolean {
  return req.headers.authorization?.startsWith('Bearer ') === true;
}

/**
 * Whether a write comes from a page of this server. A browser's Sec-Fetch-Site `same-origin` (or
 * `none`: the person's own action) says so whatever the Origin: a request of the app's own page
 * with referrerPolicy no-referrer carries `Origin: null`. Otherwise the WebSocket check's rules
 * (originAllowed: PUBLIC_URL or the request's own origin, or ALLOWED_ORIGINS) judge the Origin
 * header, which browsers send with every POST, PUT, PATCH and DELETE; "null" (a sandboxed frame,
 * a file) is nobody's. A client sending neither header (the CLI, a device app, an old browser)
 * is let through.
 */
export function writeFromOwnSite(req: FastifyRequest, config: SecurityConfig): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  if (req.headers.origin !== undefined) return originAllowed(req, config);
  return site === undefined;
}

/**
 * An onRequest hook refusing, with 403 error.badorigin before anything is read, a write that
 * another site's page sent: with the session cookie it would act as the organiser; without it, a
 * sign-in, sign-up or guest account would sign the visitor's browser in to an account the other
 * site chose (login CSRF). Requests with a bearer token (device apps, the CLI) are nobody's
 * browser session and pass.
 */
export function crossSiteWriteGuard(
  config: SecurityConfig,
): (req: FastifyRequest) => Promise<void> {
  return async (req) => {
    if (!WRITES.has(req.method) || bearerAuthenticated(req)) return;
    if (!writeFromOwnSite(req, config)) throw new AppError('error.badorigin', 403);
  };
}

/**
 * Makes the API take JSON bodies (and the types routes add: the track format, a GPX file's text on
 * its import route, a map image's or KMZ's bytes on its upload route, mapImages/mapImage.routes.ts:
 * image/jpeg, png, gif, webp, tiff, the KMZ and KML types, application/zip and octet-stream, none
 * of which a page of another site may send without a preflight) and nothing else: Fastify's built-in text/plain parser is removed from `api`,
 * so a `text/plain` body, like form data or any other type no parser takes, is refused with 415
 * error.mediatype (the app's error handler) before the route runs. Those are the types a page of
 * another site may send without a CORS preflight. Call inside the API's plugin, before its routes.
 */
export function jsonBodiesOnly(api: FastifyInstance): void {
  api.removeContentTypeParser('text/plain');
}
