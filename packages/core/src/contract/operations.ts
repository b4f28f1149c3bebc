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
  events: 'GET /events',
  eventExists: 'GET /events/:id/exists',
  createEvent: 'POST /events',
  event: 'GET /events/:id',
  updateEvent: 'PATCH /events/:id',
  deleteEvent: 'DELETE /events/:id',
  settings: 'GET /events/:id/settings',
  patchSettings: 'PATCH /events/:id/settings',
  admins: 'GET /events/:id/admins',
  addAdmin: 'PUT /events/:id/admins/:uid',
  removeAdmin: 'DELETE /events/:id/admins/:uid',
  makeOwner: 'PUT /events/:id/owner/:uid',
  exportEvent: 'GET /events/:id/export',
  eventMap: 'GET /events/:id/map',
  mapCapabilities: 'GET /maps/capabilities',
  config: 'GET /config',
  health: 'GET /health',
  ready: 'GET /ready',

  // Series (cups) and the archive (cups.ts, archive.ts)
  cups: 'GET /cups',
  cupLinkCheck: 'GET /cups/links/:link',
  createCup: 'POST /cups',
  cup: 'GET /cups/:cupId',
  updateCup: 'PATCH /cups/:cupId',
  addCupAdmin: 'POST /cups/:cupId/admins',
  removeCupAdmin: 'DELETE /cups/:cupId/admins/:userId',
  addCupEvent: 'POST /cups/:cupId/events',
  removeCupEvent: 'DELETE /cups/:cupId/events/:eventId',
  cupStandings: 'GET /cups/:cupId/standings',
  setCupCell: 'PUT /cups/:cupId/cells',
  joinCupTeams: 'POST /cups/:cupId/joins',
  undoCup: 'POST /cups/:cupId/undo',
  archive: 'POST /events/:id/archive',
  unarchive: 'POST /events/:id/unarchive',
  archiveStatus: 'GET /events/:id/archive',
  archiveMove: 'POST /events/:id/archive/move',
  archiveCleanup: 'POST /events/:id/archive/cleanup',
  archiveJob: 'GET /events/:id/archive/job',
  job: 'GET /jobs/:jobId',
  archiveStorage: 'GET /events/:id/archive/storage',
  debugArchiveColours: 'POST /admin/debug/archivecolours',

  // Checkpoints, join codes and messages (checkpoints.ts, joinCodes.ts, messages.ts)
  checkpoints: 'GET /events/:id/checkpoints',
  createCheckpoint: 'POST /events/:id/checkpoints',
  updateCheckpoint: 'PATCH /events/:id/checkpoints/:kpId',
  deleteCheckpoint: 'DELETE /events/:id/checkpoints/:kpId',
  importCheckpoints: 'POST /events/:id/checkpoints/import',
  renumberCheckpoints: 'POST /events/:id/checkpoints/renumber',
  deletedKps: 'GET /events/:id/deletedkps',
  restoreKp: 'POST /events/:id/deletedkps/:deletedId/restore',
  deletedKpOnTeam: 'GET /events/:id/deletedkponteam',
  deleteTeamAnswer: 'DELETE /events/:id/teams/:teamId/answers/:kpId',
  printItems: 'GET /events/:id/printitems',
  savePrintItems: 'PUT /events/:id/printitems',
  joinCodes: 'GET /events/:id/joincodes',
  joinCodeValidities: 'GET /events/:id/joincodes/validities',
  createJoinCode: 'POST /events/:id/joincodes',
  updateJoinCode: 'PATCH /events/:id/joincodes/:code',
  deleteJoinCode: 'DELETE /events/:id/joincodes/:code',
  joinCodeInfo: 'GET /joincodes/:code',
  useJoinCode: 'POST /join',
  sendMessage: 'POST /events/:id/messages',
  messages: 'GET /events/:id/messages',
  sendMsg: 'GET /sendmsg',
  registerDevice: 'PUT /devices/:deviceId',
  deviceMessages: 'GET /devices/:deviceId/messages',
  ackDeviceMessage: 'POST /devices/:deviceId/messages/:messageId/ack',

  // Teams and results (teams.ts, results.ts)
  teams: 'GET /events/:id/teams',
  createTeam: 'POST /events/:id/teams',
  importTeams: 'POST /events/:id/teams/import',
  assignStartTimes: 'POST /events/:id/teams/starttimes',
  undoStartTimes: 'POST /events/:id/teams/starttimes/undo',
  teamAnswers: 'GET /events/:id/teams/:teamId/answers',
  updateTeam: 'PATCH /events/:id/teams/:teamId',
  deleteTeam: 'DELETE /events/:id/teams/:teamId',
  deletedTeams: 'GET /events/:id/deletedteams',
  restoreTeam: 'POST /events/:id/deletedteams/:backupId/restore',
  startList: 'GET /events/:id/startlist',
  results: 'GET /events/:id/results',
  responses: 'GET /events/:id/responses',
  resultsMembers: 'GET /events/:id/results/members',
  splits: 'GET /events/:id/results/:teamId/splits',
  setTeamAnswer: 'PUT /events/:id/teams/:teamId/answers/:kpId',

  // Devices, tracks and the participant app (tracking.ts, tracks.ts, participant.ts)
  trackingLinks: 'GET /events/:id/teams/:teamId/tracking-links',
  createTrackingLink: 'POST /events/:id/teams/:teamId/tracking-links',
  deleteTrackingLink: 'DELETE /events/:id/tracking-links/:linkId',
  eventTracking: 'GET /events/:id/tracking',
  enableTrackerFeed: 'PUT /events/:id/tracker-feed',
  disableTrackerFeed: 'DELETE /events/:id/tracker-feed',
  appLocationGet: 'GET /t/:secret',
  appLocations: 'POST /t/:secret',
  traccarLocation: 'POST /traccar/:secret',
  sendLocations: 'POST /devices/:deviceId/locations',
  points: 'GET /events/:id/points',
  tracks: 'GET /events/:id/tracks',
  trackData: 'GET /events/:id/teams/:teamId/track.data',
  trackGpx: 'GET /events/:id/teams/:teamId/track.gpx',
  importTeamGpx: 'POST /events/:id/teams/:teamId/track.gpx',
  myTeams: 'GET /me/teams',
  play: 'GET /events/:id/play',
  mark: 'POST /events/:id/play/marks',
  startTeam: 'POST /events/:id/play/start',
  finishTeam: 'POST /events/:id/play/finish',
  uploadDeviceFile: 'POST /devices/:deviceId/uploads',
  uploads: 'GET /events/:id/uploads',
  downloadUpload: 'GET /events/:id/uploads/:uploadId',

  // Sign-in and the account (auth.ts)
  me: 'GET /auth/me',
  signUp: 'POST /auth/signup',
  signIn: 'POST /auth/signin',
  signOut: 'POST /auth/signout',
  guest: 'POST /auth/guest',
  upgradeGuest: 'POST /auth/upgrade',
  updateAccount: 'PATCH /account',
  deleteAccount: 'DELETE /account',
  requestEmailLink: 'POST /auth/email-link',
  signInWithLink: 'POST /auth/email-link/signin',
  requestPasswordReset: 'POST /auth/password-reset',
  resetPassword: 'POST /auth/password-reset/confirm',
  requestEmailChange: 'POST /account/email',
  confirmEmailChange: 'POST /account/email/confirm',
  createToken: 'POST /auth/tokens',
  oneTapNonce: 'POST /auth/onetap/nonce',
  oneTapSignIn: 'POST /auth/onetap',

  // Passkeys, phone, OpenID Connect and map images (passkeys.ts, phone.ts, oidc.ts, mapImages.ts)
  passkeys: 'GET /auth/passkeys',
  passkeyOptions: 'POST /auth/passkeys/options',
  addPasskey: 'POST /auth/passkeys',
  removePasskey: 'DELETE /auth/passkeys/:id',
  passkeySignInOptions: 'POST /auth/passkey/options',
  passkeySignIn: 'POST /auth/passkey/signin',
  requestPhoneCode: 'POST /auth/phone/code',
  signInWithPhone: 'POST /auth/phone/signin',
  requestPhoneChangeCode: 'POST /account/phone/code',
  changePhone: 'PUT /account/phone',
  removePhone: 'DELETE /account/phone',
  oidcStart: 'GET /auth/oidc/:id/start',
  oidcCallback: 'GET /auth/oidc/:id/callback',
  linkIdentity: 'POST /auth/oidc/:id/link',
  identities: 'GET /auth/identities',
  unlinkIdentity: 'DELETE /auth/identities/:provider',
  mapImages: 'GET /events/:id/maps',
  uploadMapImage: 'POST /events/:id/maps',
  patchMapImage: 'PATCH /events/:id/maps/:mapId',
  deleteMapImage: 'DELETE /events/:id/maps/:mapId',
  mapImagePreview: 'GET /events/:id/maps/:mapId/image',
  mapTile: 'GET /events/:id/maps/:mapId/tiles/:version/:grid/:z/:x/:y',
  mapLibrary: 'GET /maps/library',
  addLibraryMap: 'POST /events/:id/maps/library',
  removeLibraryMap: 'DELETE /maps/library/:mapId',
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
 * `placeholders` are filled in as written: a URL template's `{z}` for Leaflet, say.
 */
export function fillPath(
  template: string,
  params: Readonly<Record<string, string>>,
  placeholders: Readonly<Record<string, string>> = {},
): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value !== undefined) return encodeURIComponent(value);
    const placeholder = placeholders[name];
    if (placeholder === undefined)
      throw new Error(`path parameter ${name} missing for ${template}`);
    return placeholder;
  });
}
