import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ServerConfig } from '../config.ts';
import { createStore } from '../db/store.ts';
import type { Store } from '../db/store.ts';
import { authService } from '../auth/auth.service.ts';
import { sessionService } from '../auth/session.service.ts';
import { guestService } from '../auth/guest.service.ts';
import { guestRoutes } from '../auth/guest.routes.ts';
import { sessionRoutes } from '../auth/session.routes.ts';
import { eventService } from '../events/event.service.ts';
import { userService } from '../users/user.service.ts';
import { checkpointService } from '../checkpoints/checkpoint.service.ts';
import type { Bus } from '../realtime/bus.ts';
import type { EventFile, TeamResult } from '@rada/core';
import {
  LISTEN_CLOSE_RESTART,
  MAILS_PER_ADDRESS_PER_HOUR,
  WEB_CLIENTS_REPORT_MS,
} from '@rada/core';
import { resultsService } from '../results/results.service.ts';
import { recalcOnChange } from '../results/recalcTrigger.ts';
import { resultsRoutes } from '../results/results.routes.ts';
import { overviewService } from '../overview/overview.service.ts';
import { archiveService } from '../archive/archive.service.ts';
import { archiveRoutes, archiveToolRoutes } from '../archive/archive.routes.ts';
import { archiveToolsService } from '../archive/archiveTools.service.ts';
import { adminEventsService } from '../admin/adminEvents.service.ts';
import { adminEventsRoutes } from '../admin/adminEvents.routes.ts';
import { auditService } from '../audit/audit.service.ts';
import { auditRoutes } from '../audit/audit.routes.ts';
import { debugService } from '../debug/debug.service.ts';
import { debugRoutes } from '../debug/debug.routes.ts';
import { wheelRoutes } from '../wheel/wheel.routes.ts';
import { makeWheelService } from '../wheel/wheel.ts';
import { accountingService } from '../accounting/accounting.service.ts';
import { accountingRoutes } from '../accounting/accounting.routes.ts';
import { newsService } from '../news/news.service.ts';
import { newsRoutes } from '../news/news.routes.ts';
import { translationService } from '../translations/translation.service.ts';
import { translationRoutes } from '../translations/translation.routes.ts';
import { folderStorage, s3Storage } from '../archive/archiveStorage.ts';
import { overviewRoutes } from '../overview/overview.routes.ts';
import { teamService } from '../teams/team.service.ts';
import { teamRoutes } from '../teams/team.routes.ts';
import { registrationService } from '../registration/registration.service.ts';
import { registrationRoutes } from '../registration/registration.routes.ts';
import { joinCodeService } from '../joinCodes/joinCode.service.ts';
import { joinCodeRoutes } from '../joinCodes/joinCode.routes.ts';
import { cupService } from '../cups/cup.service.ts';
import { mapService } from '../maps/map.service.ts';
import { mapRoutes } from '../maps/map.routes.ts';
import { mapFiles } from '../mapImages/mapFiles.ts';
import { mapImageService } from '../mapImages/mapImage.service.ts';
import { mapImageRoutes } from '../mapImages/mapImage.routes.ts';
import { cutTilesOffLoop } from '../mapImages/cut/cutter.ts';
import { mapTransfer } from '../mapImages/mapTransfer.ts';
import { cupRoutes } from '../cups/cup.routes.ts';
import { messageService } from '../messages/message.service.ts';
import { messageRoutes } from '../messages/message.routes.ts';
import { trackService } from '../tracks/track.service.ts';
import { trackRoutes } from '../tracks/track.routes.ts';
import { trackingService } from '../tracking/tracking.service.ts';
import { trackingIngestService } from '../tracking/trackingIngest.service.ts';
import { trackingRoutes } from '../tracking/tracking.routes.ts';
import { participantService } from '../participant/participant.service.ts';
import { participantRoutes } from '../participant/participant.routes.ts';
import { speedService } from '../speed/speed.service.ts';
import { speedRoutes } from '../speed/speed.routes.ts';
import { ticketsOnLocations } from '../speed/ticketsTrigger.ts';
import { listenRoutes } from '../live/listen.routes.ts';
import type { ListenDeps } from '../live/listen.routes.ts';
import type { Actor } from '../auth/actor.ts';
import { AppError } from './errors.ts';
import { originGuard, registerSecurityHeaders } from './security.ts';
import { declare, useContract } from './contract.ts';
import { registerOpenApi } from './openapi.ts';

import { crossSiteWriteGuard, jsonBodiesOnly } from './origin.ts';
import { connectionOptions, socketLimit } from './sockets.ts';
import { serveWebApp } from './webApp.ts';
import { refuseBadText } from './nul.ts';
import { keyedLimit, noBody, registerLimits } from './limits.ts';
import { registerCompression } from './compression.ts';
import { idempotencyCache, redisIdempotency } from './idempotency.ts';
import { Redis } from 'ioredis';
import { authRoutes, SESSION_COOKIE } from '../auth/auth.routes.ts';
import { emailSignInService } from '../auth/emailSignIn.service.ts';
import { smtpMailer } from '../auth/mailer.ts';
import { httpSmsSender } from '../auth/sms.ts';
import { phoneSignInService } from '../auth/phoneSignIn.service.ts';
import { deliveryQueue } from '../auth/deliveries.ts';
import { phoneRoutes } from '../auth/phone.routes.ts';
import { passkeyService } from '../auth/passkey.service.ts';
import { passkeyRoutes } from '../auth/passkey.routes.ts';
import { oidcRoutes } from '../auth/oidc.routes.ts';
import { oidcInfo, oneTapInfo } from '../auth/oidcConfig.ts';
import { oneTapRoutes } from '../auth/oneTap.routes.ts';
import { userRoutes } from '../users/user.routes.ts';
import { eventRoutes } from '../events/event.routes.ts';
import { checkpointRoutes } from '../checkpoints/checkpoint.routes.ts';
import { realtimeRoutes } from '../realtime/realtime.routes.ts';
import { clientRegistry } from '../realtime/clients.ts';
import { readinessRoute } from './readiness.ts';
import type { Lifecycle } from './readiness.ts';
import { metricsRoute, serverMetrics } from './metrics.ts';
import type { ServerMetrics } from './metrics.ts';

/** The version the API reports (GET /api/config, the OpenAPI document). */
const RADA_VERSION = '0.1.0';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The raw session token the actor came with, for sign-out. */
    sessionToken: string | null;
  }
}

export interface AppDeps {
  db: Kysely<Database>;
  config: ServerConfig;
  bus: Bus;
  /** The repositories over `db`; made here when not given (the server keeps its own). */
  store?: Store;
  now?: () => number;
  /** The scoring engine as at a time (tests count its calls); core's by default. */
  compute?: (file: EventFile, now: number) => TeamResult[];
  /** Set draining by the server's shutdown (readiness.ts); a server of its own by default. */
  lifecycle?: Lifecycle;
  /** Where requests, ingest, sockets and the bus are counted (GET /metrics); its own by default. */
  metrics?: ServerMetrics;
  /** Check every declared route's answer against its schema (the tests; http/contract.ts). */
  checkAnswers?: boolean;
}

/** Builds the HTTP server: API under /api, the WebSocket at /api/ws, the web app for everything else. */
export async function buildApp({
  db,
  config,
  bus: givenBus,
  store = createStore(db),
  now = Date.now,
  compute,
  lifecycle = { draining: false },
  metrics = serverMetrics(),
  checkAnswers = false,
}: AppDeps): Promise<FastifyInstance> {
  const bus = metrics.countPublished(givenBus);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // 64 KB; bulk routes take 1 MB and the few file routes more for signed-in callers
    // (http/limits.ts bulkBody, largeBody).
    bodyLimit: config.bodyLimit,
    // X-Forwarded-For counts only from trusted proxies (by default on this host only); trusting
    // every hop let any client pick its own address and escape the rate limits.
    trustProxy: config.trustProxy,
    // Headers, bodies and idle connections are given a time (http/sockets.ts).
    ...connectionOptions(config),
    // A malformed URL (bad percent-encoding) answers with a key like every other refusal.
    frameworkErrors: (_error, _req, reply) =>
      (reply as FastifyReply).status(400).send(new AppError('error.validation', 400).toBody()),
  });
  app.addHook('onResponse', metrics.onResponse);
  // The cups service is made after the results service, which tells it of changed results.
  let cupsOfEvent: (eventId: string) => void = () => undefined;
  const firstTier = folderStorage(config.archiveDir);
  const secondTier =
    config.archive2 === null
      ? null
      : config.archive2.kind === 'folder'
        ? folderStorage(config.archive2.dir)
        : await s3Storage(config.archive2);
  // The events' own map images: files under MAPS_DIR, tiles cut one at a time off the event loop;
  // in and out of event files and archives through mapTransfer (the service is made below).
  const mapImageFiles = mapFiles(config.mapsDir);
  const transfer = mapTransfer({
    files: mapImageFiles,
    startCuts: () => mapImages.resume(),
    log: (message, err) => app.log.error({ err }, message),
  });
  const archive = archiveService({
    store,
    bus,
    first: firstTier,
    second: secondTier,
    now,
    log: (message, error) => app.log.error({ err: error }, message),
    maps: transfer,
  });
  const results = resultsService({
    store,
    bus,
    now,
    readRows: archive.readRows,
    ...(compute ? { compute } : {}),
    onError: (eventId, error) => app.log.error({ err: error, eventId }, 'results recalculation'),
    onRecalculated: (eventId, changed) => {
      app.log.info({ eventId, changed }, 'results recalculated');
      if (changed) cupsOfEvent(eventId);
    },
  });
  const cups = cupService({
    store,
    bus,
    now,
    results,
    onError: (cupId, error) => app.log.error({ err: error, cupId }, 'cup standings'),
  });
  cupsOfEvent = (eventId) => void cups.eventResultsChanged(eventId);
  // Every service publishes through this bus, so each change that can move results asks for a
  // (coalesced) recalculation; the results service itself publishes on the raw bus.
  const changes = recalcOnChange(bus, results.scheduleRecalc);
  const log = (obj: object, msg: string) => app.log.warn(obj, msg);
  const clients = clientRegistry();
  // /api/ws and /listen: a page of this site only, and so many sockets per address.
  const checkOrigin = originGuard(config);
  const openSocket = socketLimit(config.maxSocketsPerAddress);
  const socketGuard = async (req: FastifyRequest, reply: FastifyReply) => {
    await checkOrigin(req);
    await openSocket(req, reply);
  };
  const debug = debugService({ store, now, clients, readRows: archive.readRows });
  // Every process reports its web clients, so the debug tools list those of all of them.
  const reporting = setInterval(() => {
    debug.reportClients().catch((err: unknown) => app.log.error({ err }, 'web clients report'));
  }, WEB_CLIENTS_REPORT_MS);
  reporting.unref();
  app.addHook('onClose', async () => {
    clearInterval(reporting);
    await debug.forgetClients().catch(() => undefined);
  });
  const speed = speedService({ store, bus: changes, now, log });
  const auth = authService({ users: store.users, sessions: store.sessions, config, now });
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : null;
  // Mail and SMS go after the answer (auth/deliveries.ts); the server sends what it has queued
  // before it stops, waiting 10 s at most.
  const deliveries = deliveryQueue((err) => app.log.error({ err }, 'email or SMS not sent'));
  app.decorate('deliveries', deliveries);
  app.addHook('onClose', async () => {
    await deliveries.settled(10_000);
    mailer?.close();
  });
  // Mail to an address: a share per asker (RATE_LIMIT_MAIL_TARGET), so a stranger cannot spend
  // the owner's, and a total from everyone that bounds a flood (links are counted stored too).
  const mailAddressAsker = keyedLimit(app, 'mailby', config.rateLimits.mailTarget);
  const mailAddress = keyedLimit(app, 'mailto', {
    max: MAILS_PER_ADDRESS_PER_HOUR,
    windowMs: 60 * 60_000,
  });
  const smsNumberAsker = keyedLimit(app, 'smsto', config.rateLimits.smsNumberRequester);
  const smsAsker = keyedLimit(app, 'smsby', config.rateLimits.smsRequester);
  if (mailer && !config.publicUrl) {
    app.log.warn('SMTP_URL is set but PUBLIC_URL is not: links by email are off (they need it)');
  }
  const email = emailSignInService({
    store,
    auth,
    mailer,
    publicUrl: config.publicUrl,
    signupOpen: config.signupOpen,
    now,
    onSendError: (err) => app.log.error({ err }, 'email not sent'),
    deliveries,
    mayMail: async (address, askers) => {
      for (const asker of askers) {
        if (!(await mailAddressAsker(`${address}|${asker}`)).allowed) return false;
      }
      return (await mailAddress(address)).allowed;
    },
  });
  const phone = phoneSignInService({
    store,
    auth,
    sms: config.smsGatewayUrl ? httpSmsSender(config.smsGatewayUrl, config.smsGatewayToken) : null,
    countryCodes: config.smsCountryCodes,
    signupOpen: config.signupOpen,
    emailLinks: email.enabled,
    now,
    onSendError: (err) => app.log.error({ err }, 'SMS not sent'),
    deliveries,
    askerWait: async (to, asker) => {
      for (const state of [await smsNumberAsker(`${to}|${asker}`), await smsAsker(asker)]) {
        if (!state.allowed) return state.retryAfter;
      }
      return 0;
    },
  });
  const waysIn = { emailLinks: email.enabled, phoneCodes: phone.enabled };
  const mapImages = mapImageService({
    store,
    bus: changes,
    now,
    files: mapImageFiles,
    cut: cutTilesOffLoop,
    log: (message, err) => app.log.error({ err }, message),
  });
  // Maps a stopped server left mid-cut are cut again; originals MAPS_DIR lost come back from the
  // archives that keep them.
  void mapImages.resume().catch((err: unknown) => app.log.error({ err }, 'map image cuts'));
  void archive.restoreLostMaps().catch((err: unknown) => app.log.error({ err }, 'map images'));
  app.addHook('onClose', () => mapImages.close());
  const services = {
    auth,
    email,
    phone,
    passkeys: passkeyService({ store, auth, waysIn, now }),
    sessions: sessionService({ sessions: store.sessions, users: store.users, now }),
    events: eventService({
      store,
      bus: changes,
      now,
      readRows: archive.readRows,
      forgetArchive: archive.forget,
      forgetMaps: mapImages.forget,
      maps: transfer,
    }),
    maps: mapService({
      store,
      config,
      images: mapImages.visible,
    }),
    mapImages,
    checkpoints: checkpointService({ store, bus: changes, now, readRows: archive.readRows }),
    results,
    teams: teamService({ store, bus: changes, now, readRows: archive.readRows }),
    registrations: registrationService({ store, bus: changes, now }),
    joinCodes: joinCodeService({ store, bus: changes, now }),
    messages: messageService({ store, bus: changes, now, log }),
    // Stored points schedule the speed tickets of their teams.
    tracks: trackService({
      store,
      bus: ticketsOnLocations(changes, speed.scheduleTeam),
      now,
      log,
      trackRows: archive.trackRows,
      onIngested: metrics.ingested,
    }),
    tracking: trackingService({ store, bus: changes, now }),
    participant: participantService({ store, bus: changes, now, log }),
    speed,
    users: userService({
      users: store.users,
      transaction: store.transaction,
      roleIn: store.events.roleOf,
      now,
    }),
    cups,
    overview: overviewService({ store, results, now, readRows: archive.readRows }),
  };

  // First, so every answer carries the headers, refusals of the hooks below included.
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  // Before the limits' and routes' hooks: another site's write is refused before anything else.
  app.addHook('onRequest', crossSiteWriteGuard(config));
  // Several servers share rate-limit counters and idempotency keys through Redis.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : null;
  if (redis) {
    redis.on('error', (err) => app.log.error({ err }, 'redis'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  await registerLimits(app, config, {
    store,
    ...(redis ? { redis, redisPrefix: config.redisPrefix } : {}),
  });
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    // Closing: every socket (/listen, /api/ws) is told the server restarts (1012), and the
    // clients reconnect, through the balancer, to a server that is still up.
    preClose(done) {
      lifecycle.draining = true;
      for (const client of this.websocketServer.clients) {
        client.close(LISTEN_CLOSE_RESTART, 'server.restart');
      }
      this.websocketServer.close();
      done();
    },
  });

  app.decorateRequest('actor', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (!req.url.startsWith('/api/')) return;
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ')
      ? header.slice(7).trim()
      : req.cookies[SESSION_COOKIE];
    if (!token) return;
    req.actor = await services.auth.authenticate(token);
    req.sessionToken = req.actor ? token : null;
  });

  app.setErrorHandler((error, req, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.toBody());
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(new AppError('error.toolarge', 413).toBody());
    }
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(new AppError('error.mediatype', 415).toBody());
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply
        .status(e.statusCode)
        .send(new AppError('error.validation', e.statusCode, undefined, e.message).toBody());
    }
    req.log.error(error);
    return reply.status(500).send(new AppError('error.internal', 500).toBody());
  });

  await registerOpenApi(app, RADA_VERSION);
  await app.register(
    async (api) => {
      useContract(api, { checkAnswers });
      jsonBodiesOnly(api);
      api.addHook('preValidation', refuseBadText);
      await registerCompression(api);
      declare(api, 'config', () => ({
        providers: config.providers,
        signupOpen: config.signupOpen,
        emailLinks: services.email.enabled,
        phone: services.phone.enabled,
        version: RADA_VERSION,
        mapKeys: config.mapKeys,
        oidc: oidcInfo(config),
        oneTap: oneTapInfo(config),
        tools: { accounting: config.accounting !== null, secondTier: config.archive2 !== null },
      }));
      declare(api, 'health', () => ({ ok: true }));
      readinessRoute(api, { db, bus, lifecycle });
      await authRoutes(api, services.auth, services.email, config);
      await phoneRoutes(api, services.phone, services.auth, config);
      await passkeyRoutes(api, services.passkeys, services.auth, config);
      const oidc = await oidcRoutes(api, {
        store,
        auth: services.auth,
        config,
        waysIn,
        now,
      });
      await oneTapRoutes(api, { store, auth: services.auth, oidc, config, now });
      await sessionRoutes(api, services.sessions);
      await guestRoutes(
        api,
        guestService({ users: store.users, sessions: store.sessions, auth: services.auth, now }),
        services.auth,
        config,
      );
      await userRoutes(api, services.users);
      await eventRoutes(
        api,
        services.events,
        redis ? redisIdempotency(redis, config.redisPrefix) : idempotencyCache(),
      );
      await checkpointRoutes(api, services.checkpoints);
      await resultsRoutes(api, services.results);
      await overviewRoutes(api, services.overview);
      await archiveRoutes(api, archive);
      await archiveToolRoutes(
        api,
        archiveToolsService({ store, bus, first: firstTier, second: secondTier, archive, now }),
      );
      await adminEventsRoutes(api, adminEventsService({ store, first: firstTier, now }));
      await auditRoutes(api, auditService({ store }));
      await debugRoutes(api, debug);
      await wheelRoutes(api, makeWheelService({ db, store, config, now, log }));
      await accountingRoutes(
        api,
        accountingService({
          config: config.accounting,
          now,
          log: (obj, msg) => app.log.info(obj, msg),
        }),
      );
      await newsRoutes(api, newsService({ store, now }));
      await translationRoutes(api, translationService({ store, bus, now }));
      // A closing server lets a running archive job end (its transaction is short).
      app.addHook('onClose', () => archive.settled());
      await teamRoutes(api, services.teams);
      await registrationRoutes(api, services.registrations);
      await joinCodeRoutes(api, services.joinCodes);
      await messageRoutes(api, services.messages);
      await trackRoutes(api, services.tracks);
      await trackingRoutes(
        api,
        services.tracking,
        trackingIngestService({ store, tracks: services.tracks, now }),
      );
      await participantRoutes(api, services.participant);
      await speedRoutes(api, services.speed);
      await cupRoutes(api, services.cups);
      await mapRoutes(api, services.maps);
      await mapImageRoutes(api, services.mapImages, mapImageFiles);
      await realtimeRoutes(api, bus, socketGuard, clients, now);
      // Unknown API paths read no body (http/limits.ts); not an operation of the document.
      api.all('/*', { ...noBody, schema: { hide: true } }, () => {
        throw new AppError('error.notfound', 404);
      });
    },
    { prefix: '/api' },
  );

  // The live location socket sits at {host}/listen as the spec names it (spec 01 §7).
  const listenDeps: ListenDeps = {
    store,
    bus,
    now,
    log,
    checkOrigin: socketGuard,
    clients,
    trackRows: archive.trackRows,
    authenticate: async (token) => {
      const actor = await services.auth.authenticate(token);
      return actor ? { uid: actor.uid, superAdmin: actor.superAdmin } : null;
    },
  };
  await listenRoutes(app, listenDeps);
  metrics.watch({
    sockets: () => app.websocketServer.clients.size,
    clients: (kind) => clients.count(kind),
  });
  metricsRoute(app, metrics, config.metricsToken);

  app.addHook('onClose', async () => {
    results.close();
    await Promise.all([results.idle(), speed.close()]);
    await cups.close();
  });
  await serveWebApp(app, config.webDist, {
    event: (id) => services.events.get(null, id),
    results: (id) => services.results.resultsJson(null, id),
    responses: (id) => services.results.responses(null, id),
    standings: (cupId) => services.cups.standings(null, cupId),
    map: (id) => services.maps.eventMap(null, id),
  });
  return app;
}
