/**
 * Every declared operation of the HTTP API: its method and its path under `/api`, one line each
 * (docs/adr/0002-api-contract.md). The rest of each declaration (who may call it, parameters,
 * body, answer, error keys) is in its resource's file next to this one; this file holds no zod,
 * so the web client reads it without loading zod on the public pages.
 */
export const operations = {
  // Speed areas and tickets (speed.ts)
  speedAreas: 'GET /events/:id/speedareas',
  putSpeedArea: 'PUT /events/:id/speedareas/:areaId',
  deleteSpeedArea: 'DELETE /events/:id/speedareas/:areaId',
  speedTickets: 'GET /events/:id/speedtickets',
  recomputeSpeedTickets: 'POST /events/:id/speedtickets/recompute',

  // News and interface texts (news.ts)
  news: 'GET /news',
  createNews: 'POST /news',
  updateNews: 'PUT /news/:time',
  deleteNews: 'DELETE /news/:time',
  translations: 'GET /translations',
  putTranslation: 'PUT /translations/:key',
  deleteTranslation: 'DELETE /translations/:key',

  // The changes log and the super admin's events table (admin.ts)
  eventLog: 'GET /events/:id/log',
  platformLog: 'GET /admin/log',
  adminEvents: 'GET /admin/events',
  setUnpaid: 'PUT /admin/events/:id/unpaid',

  // The wheel of names (wheel.ts)
  wheel: 'GET /events/:id/wheel',
  updateWheel: 'PUT /events/:id/wheel',
  wheelDraw: 'POST /events/:id/wheel/draw',
  wheelDraws: 'GET /events/:id/wheel/draws',
  wheelOfNames: 'POST /events/:id/wheelofnames',

  // The owner's stock tool (accounting.ts)
  accountingStock: 'GET /accounting/stock',
  accountingRevalue: 'POST /accounting/revaluations',

  // Own sessions, tokens and password (sessions.ts)
  sessions: 'GET /auth/sessions',
  revokeSession: 'DELETE /auth/sessions/:id',
  renewToken: 'POST /auth/tokens/:id/renew',
  changePassword: 'POST /auth/password',

  // Team registration (registration.ts)
  regForm: 'GET /events/:id/reg',
  register: 'POST /events/:id/reg',
  updateMyRegistration: 'PUT /events/:id/reg/:teamId',
  registrations: 'GET /events/:id/registrations',
  updateRegistration: 'PATCH /events/:id/registrations/:teamId',

  // The super admin's debug tools (debug.ts)
  debugCodes: 'GET /admin/debug/codes',
  debugNearby: 'GET /admin/debug/nearby',
  debugDevices: 'GET /admin/debug/devices',
  debugVersions: 'GET /admin/debug/versions',
  debugIssues: 'GET /admin/debug/issues',
  debugClients: 'GET /admin/debug/clients',
  eventIssues: 'GET /events/:id/issues',
  debugRecode: 'POST /admin/debug/recode',
  debugGps: 'GET /admin/debug/gps',
  debugRaw: 'GET /admin/debug/raw',

  // The organiser's dashboard (overview.ts)
  overview: 'GET /events/:id/overview',

  // The user directory and creators (users.ts)
  users: 'GET /users',
  creators: 'GET /admin/creators',
  grantCreator: 'PUT /admin/creators/:uid',
  revokeCreator: 'DELETE /admin/creators/:uid',

  // Events, map layers and the platform (events.ts, maps.ts, platform.ts)

  // Series (cups) and the archive (cups.ts, archive.ts)

  // Checkpoints, join codes and messages (checkpoints.ts, joinCodes.ts, messages.ts)

  // Teams and results (teams.ts, results.ts)

  // Devices, tracks and the participant app (tracking.ts, tracks.ts, participant.ts)

  // Sign-in and the account (auth.ts)

  // Passkeys, phone, OpenID Connect and map images (passkeys.ts, phone.ts, oidc.ts, mapImages.ts)
} as const;

export type Operation = keyof typeof operations;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** The method of operation `K`. */
export type MethodOf<K extends Operation> = (typeof operations)[K] extends `${infer M} ${string}`
  ? M
  : never;
/** The path template of operation `K` (`/events/:id/speedareas`). */
export type PathOf<K extends Operation> = (typeof operations)[K] extends `${string} ${infer P}`
  ? P
  : never;

/** The names of a path template's parameters: `'/events/:id/x/:areaId'` → `'id' | 'areaId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Splits an operation's line into its method and path. */
export function operationRoute(operation: Operation): { method: HttpMethod; path: string } {
  const line = operations[operation];
  const space = line.indexOf(' ');
  return { method: line.slice(0, space) as HttpMethod, path: line.slice(space + 1) };
}

/**
 * The path of a template with its parameters filled in, each encoded as a path segment:
 * `fillPath('/events/:id', { id: 'a b' })` → `/events/a%20b`. A missing parameter throws.
 */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`path parameter ${name} missing for ${template}`);
    return encodeURIComponent(value);
  });
}
