/**
 * The whole product's tables (issue 2 designs them all; later issues fill them).
 * Dialect-neutral types: times are epoch milliseconds in `double precision`, flags are 0/1
 * integers, JSON blobs are text parsed by the repositories. Column names follow the
 * product's stored words where they exist (nr, klassid, aeg).
 */
export interface Database {
  users: UsersTable;
  platform_roles: PlatformRolesTable;
  creators: CreatorsTable;
  sessions: SessionsTable;
  events: EventsTable;
  event_admins: EventAdminsTable;
  event_data: EventDataTable;
  checkpoints: CheckpointsTable;
  deleted_checkpoints: DeletedCheckpointsTable;
  print_items: PrintItemsTable;
  teams: TeamsTable;
  registrations: RegistrationsTable;
  team_answers: TeamAnswersTable;
  speed_tickets: SpeedTicketsTable;
  join_codes: JoinCodesTable;
  devices: DevicesTable;
  track_chunks: TrackChunksTable;
  cups: CupsTable;
  cup_admins: CupAdminsTable;
  cup_events: CupEventsTable;
  cup_data: CupDataTable;
  news: NewsTable;
  translations: TranslationsTable;
  rich_texts: RichTextsTable;
  audit_log: AuditLogTable;
  event_results: EventResultsTable;
  deleted_teams: DeletedTeamsTable;
  team_members: TeamMembersTable;
  cup_edits: CupEditsTable;
  cup_joins: CupJoinsTable;
  cup_undo: CupUndoTable;
  join_code_uses: JoinCodeUsesTable;
  device_messages: DeviceMessagesTable;
  device_uploads: DeviceUploadsTable;
  team_clocks: TeamClocksTable;
  web_clients: WebClientsTable;
  auth_links: AuthLinksTable;
  phone_codes: PhoneCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
  oidc_flows: OidcFlowsTable;
  user_identities: UserIdentitiesTable;
  wheel_draws: WheelDrawsTable;
  tracking_links: TrackingLinksTable;
  tracker_feeds: TrackerFeedsTable;
  map_images: MapImagesTable;
  event_maps: EventMapsTable;
}

type Json = string;
type Flag = number;
type Ms = number;

export interface UsersTable {
  id: string;
  email: string;
  display_name: string;
  phone: string | null;
  password_hash: string | null;
  created_at: Ms;
  /** 1 for a guest account (migration 0014); absent in inserts means 0. */
  guest?: Flag;
  /**
   * 1 once the address is proven: a link mailed to it was opened, or a provider vouched for it
   * when the account was made (migration 0015); absent in inserts means 0.
   */
  email_verified?: Flag;
}
export interface PlatformRolesTable {
  user_id: string;
  /** 'superadmin' or 'owner' (the platform owner, who manages news). */
  role: string;
}
export interface CreatorsTable {
  user_id: string;
  granted_by: string | null;
  granted_at: Ms;
}
export interface SessionsTable {
  /** SHA-256 of the secret token; the token itself is never stored. */
  id: string;
  user_id: string;
  /** 'browser' (cookie) or 'token' (bearer, devices and scripts). */
  kind: string;
  name: string | null;
  created_at: Ms;
  last_used_at: Ms;
  /** Browser: sliding, capped by the absolute lifetime; token: made or renewed + 90 days. */
  expires_at: Ms | null;
  /** The id the owner sees and revokes with (migration 0007); never the token's hash. */
  public_id: string;
  /** The User-Agent that signed in (browser sessions). */
  user_agent: string | null;
}
export interface EventsTable {
  id: string;
  name: string;
  starttime: Ms | null;
  endtime: Ms | null;
  arch: string | null;
  hidden: Flag;
  /** The rest of the event record (map, kpgroups, rakoef, klassid, orderrules, data, unknown keys). */
  record: Json;
  unpaid_at: Ms | null;
  created_at: Ms;
  updated_at: Ms;
}
export interface EventAdminsTable {
  event_id: string;
  /** No foreign key: an imported file may name admins of another installation (kept losslessly). */
  user_id: string;
  role: string;
}
export interface EventDataTable {
  event_id: string;
  /** eventsdata/{id}/data: the event settings. */
  settings: Json;
  /** eventsdata/{id}/conf. */
  conf: Json;
  /** The event document: speed, speedareas and anything else it carries. */
  evdoc: Json;
  /** Everything else of the event file kept for a lossless round trip (issues, docver, unknown keys). */
  extra: Json;
}
export interface CheckpointsTable {
  event_id: string;
  id: string;
  nr: string | null;
  kp: Json;
  data: Json;
  answer: string | null;
}
export interface DeletedCheckpointsTable {
  event_id: string;
  id: string;
  record: Json;
  deleted_at: Ms;
}
export interface PrintItemsTable {
  event_id: string;
  id: string;
  item: Json;
}
export interface TeamsTable {
  event_id: string;
  id: string;
  name: string;
  nr: string | null;
  /** teams/{event}/list/{team}. */
  list: Json;
  /** teams/{event}/data/{team} without regdata. */
  data: Json;
  trackstat: Json | null;
}
export interface RegistrationsTable {
  event_id: string;
  team_id: string;
  user_id: string | null;
  regdata: Json;
  regtime: Ms | null;
}
export interface TeamAnswersTable {
  event_id: string;
  team_id: string;
  kp_id: string;
  answer: string | null;
  ok: Flag | null;
  aeg: Ms | null;
  /** Fields of the answer beyond answer/ok/aeg. */
  extra: Json;
}
export interface SpeedTicketsTable {
  event_id: string;
  team_id: string;
  id: string;
  ticket: Json;
}
export interface JoinCodesTable {
  code: string;
  event_id: string;
  singleteam: Flag;
  valid: Ms;
  used_by: string | null;
  share_link: string | null;
  created_at: Ms;
  /** The team a single-team code attaches its user to (null: the first use creates one). */
  team_id: string | null;
}
export interface DevicesTable {
  id: string;
  user_id: string | null;
  event_id: string | null;
  team_id: string | null;
  info: Json;
  last_seen: Ms | null;
  /** Time of the device's last stored location point; older points are retried duplicates. */
  last_t: Ms | null;
  /** That point (JSON, as the codec stored it): the next batch's first distance runs from it. */
  last_point: string | null;
}
export interface TrackChunksTable {
  id: string;
  event_id: string;
  team_id: string;
  device_id: string | null;
  t_from: Ms;
  t_to: Ms;
  points: number;
  /** Encoded points (track codec), base64. */
  data: string;
}
export interface CupsTable {
  id: string;
  name: string;
  year: number;
  /** points, growingpoints, atleast1, missvalue, countingevents. */
  config: Json;
  created_at: Ms;
}
export interface CupAdminsTable {
  cup_id: string;
  user_id: string;
  role: string;
}
export interface CupEventsTable {
  cup_id: string;
  event_id: string;
  main: Flag;
}
export interface CupDataTable {
  cup_id: string;
  /** The stored standings (CupStandingsView without per-viewer fields). */
  result: Json;
  /** Per cup team: devices and owners, for admins (not used yet: `{}`). */
  teams: Json;
  backup: Json | null;
}
/** A cup admin's value for one cup team in one event ("Changed single points"). */
export interface CupEditsTable {
  cup_id: string;
  event_id: string;
  team_key: string;
  value: number;
  note: string;
  user_id: string | null;
  at: Ms;
}
/** Two cup teams joined: `other`'s scores go to `keep`; `record` is the other team's row. */
export interface CupJoinsTable {
  cup_id: string;
  other: string;
  keep: string;
  record: Json;
  user_id: string | null;
  at: Ms;
}
/** An undo entry ("Joined teams"): the cup's edits and joins before the change. */
export interface CupUndoTable {
  id: string;
  cup_id: string;
  label: string;
  backup: Json;
  user_id: string | null;
  at: Ms;
}
export interface NewsTable {
  id: string;
  lang: string;
  ts: Ms;
  title: string;
  content: string;
}
export interface TranslationsTable {
  lang: string;
  key: string;
  value: string;
}
export interface RichTextsTable {
  path: string;
  /** '' for the default text, else a language code ({path}_i18n/{lang}). */
  lang: string;
  content: string;
}
export interface AuditLogTable {
  id: string;
  time: Ms;
  user_id: string | null;
  event_id: string | null;
  action: string;
  path: string | null;
  old_value: Json | null;
  value: Json | null;
}
/** An event's computed results (the results service keeps it current). */
export interface EventResultsTable {
  event_id: string;
  /** The `TeamResult[]` the scoring engine answered. */
  results: Json;
  computed_at: Ms;
  /** Counts the recalculations of this event. */
  version: number;
}

/** A deleted team's backup (spec 02 §3): everything the team had, restorable. */
export interface DeletedTeamsTable {
  event_id: string;
  id: string;
  team_id: string;
  name: string;
  deleted_at: Ms;
  /** {tid, deletetime, list, data, answerresult, kpanswers, spdtickets, track, trackstat, members}. */
  record: Json;
}
/** The users of a team: `via` is 'reg' (registered it), 'code' (joined with a code) or 'admin'. */
export interface TeamMembersTable {
  event_id: string;
  team_id: string;
  user_id: string;
  joined_at: Ms;
  via: string;
}
/** Who used a join code, when, and the team it gave them. */
export interface JoinCodeUsesTable {
  code: string;
  user_id: string;
  team_id: string | null;
  used_at: Ms;
}
/** A message or command queued for a team's devices; delivered when a device acknowledges it. */
export interface DeviceMessagesTable {
  id: string;
  event_id: string;
  team_id: string;
  /** 'message' | 'command'. */
  kind: string;
  /** {title, body} or {cmnd}. */
  payload: Json;
  created_by: string | null;
  created_at: Ms;
  delivered_at: Ms | null;
  delivered_to: string | null;
}
/** What a device sent back for a command: its log, its track as GPX, its local database. */
export interface DeviceUploadsTable {
  id: string;
  event_id: string;
  team_id: string;
  device_id: string;
  /** 'log' | 'gpx' | 'db'. */
  kind: string;
  message_id: string | null;
  content: string;
  size: number;
  created_at: Ms;
}
/** A team's device clock estimate: device time minus server time, and when it was seen. */
export interface TeamClocksTable {
  event_id: string;
  team_id: string;
  offset_ms: number;
  observed_at: Ms;
}
/** One server process's connected web clients, as it last reported them (debug tools). */
export interface WebClientsTable {
  server_id: string;
  /** JSON array of the process's clients (core WebClient without its server). */
  clients: Json;
  seen_at: Ms;
}
/** One draw of an event's wheel of names (migration 0010): who, when, among how many, who won. */
export interface WheelDrawsTable {
  id: string;
  event_id: string;
  /** The draw's number in its event: 1, 2, … (draws of one event never overlap). */
  seq: number;
  /** Who drew; no foreign key, so the record outlives the account. */
  user_id: string | null;
  drawn_at: Ms;
  /** How many entries the wheel had. */
  entries: number;
  winner: string;
  winner_index: number;
  /** 1 when the winner was taken off the wheel (autoRemoveWinner). */
  removed: Flag;
}
/** A link sent by email (migration 0011): sign in, or reset the password. */
export interface AuthLinksTable {
  /** SHA-256 of the link's token. */
  id: string;
  purpose: 'signin' | 'reset' | 'email';
  /** The address it was sent to (lower case); for 'email', the account's new address. */
  email: string;
  /**
   * The account it resets or moves to a new address; null for a sign-in link (the account may
   * not exist yet).
   */
  user_id: string | null;
  created_at: Ms;
  expires_at: Ms;
  used_at: Ms | null;
}
/** A sign-in code sent by SMS (migration 0013). */
export interface PhoneCodesTable {
  id: string;
  /** The number it was sent to (E.164). */
  phone: string;
  /** SHA-256 of the row id and the code. */
  code_hash: string;
  created_at: Ms;
  expires_at: Ms;
  /** Tries so far, right or wrong. */
  attempts: number;
  used_at: Ms | null;
  /** The account the code adds the number to (migration 0015); null for a sign-in code. */
  user_id: string | null;
}
/** A passkey (WebAuthn credential) of an account (migration 0011). */
export interface PasskeysTable {
  /** The credential id (base64url). */
  id: string;
  user_id: string;
  /** The COSE public key (base64url). */
  public_key: string;
  /** The authenticator's signature counter as last seen (0 when it keeps none). */
  counter: number;
  /** JSON array of the transports the authenticator named (usb, internal, hybrid, …). */
  transports: string;
  name: string;
  created_at: Ms;
  last_used_at: Ms | null;
}
/** A passkey ceremony's one-time challenge (migration 0011). */
export interface AuthChallengesTable {
  /** The challenge (base64url), as the browser signs it. */
  id: string;
  /** `onetap`: a Google One Tap nonce (auth/oneTap.service.ts). */
  purpose: 'passkey-register' | 'passkey-signin' | 'onetap';
  /** The account adding a passkey; null for a sign-in (who it is comes from the passkey). */
  user_id: string | null;
  expires_at: Ms;
}
/** A sign-in started toward an OpenID Connect provider (migration 0012); used once. */
export interface OidcFlowsTable {
  /** SHA-256 of the `state` sent to the provider. */
  id: string;
  provider: string;
  /** The PKCE code verifier (its S256 challenge went to the provider). */
  code_verifier: string;
  nonce: string;
  /** The path of this site to open afterwards. */
  return_to: string;
  /** The account the provider is being linked to; null for a sign-in. */
  link_user_id: string | null;
  expires_at: Ms;
}
/** A provider account linked to an account (migration 0012). */
export interface UserIdentitiesTable {
  provider: string;
  /** The provider's `sub` for the person. */
  subject: string;
  user_id: string;
  /** The email the provider told when linked, or null. */
  email: string | null;
  created_at: Ms;
}
/**
 * A background app's or a GPS tracker's link to a team's device (migration 0018, issue 35).
 * Unique nulls: many trackers have no secret, many app links no tracker id.
 */
export interface TrackingLinksTable {
  /** Short random id, shown to the team and the admins. */
  id: string;
  event_id: string;
  team_id: string;
  /** The device row ('trk-…', no user) the link's points are stored under. */
  device_id: string;
  /** 'traccar' | 'osmand' | 'owntracks' | 'gpslogger' | 'tracker' (core TrackSource). */
  app: string;
  /** The secret of an app link's ingest URL (/api/t/{secret}); null for a tracker. */
  secret: string | null;
  /** A tracker's unique id in the event's Traccar server; null for an app link. */
  tracker_id: string | null;
  created_by: string | null;
  created_at: Ms;
}
/** An event's Traccar server position forwarding (/api/traccar/{secret}), when turned on. */
export interface TrackerFeedsTable {
  event_id: string;
  secret: string;
  created_at: Ms;
}
/**
 * A map image (migration 0019, issue 37): an uploaded image, its placement and its tiles (files
 * under MAPS_DIR/{id}/), owned by its uploader, whose library may keep it for later events.
 */
export interface MapImagesTable {
  /** Random, URL-safe (the name of its folder). */
  id: string;
  owner_id: string | null;
  name: string;
  /** core MapImageFormat, as sniffed from the bytes. */
  format: string;
  width: number;
  height: number;
  /** Bytes of the stored original. */
  bytes: number;
  sha256: string;
  /** core MapPlacement as JSON, or null until placed. */
  placement: Json | null;
  /** Bumped at every new placement; the tiles of version v are under v{v}/. */
  version: number;
  /** core MapTileState: 'unplaced' | 'cutting' | 'ready' | 'failed'. */
  state: string;
  /** The failure's error key when state is 'failed'. */
  error: string | null;
  /** Partial<Record<TileGrid, MapTileSet>> as JSON once cut. */
  tiles: Json | null;
  in_library: Flag;
  created_at: Ms;
}
/** A map image shown in an event (migration 0019). */
export interface EventMapsTable {
  event_id: string;
  map_id: string;
  position: number;
  /** 1: others than the event's admins see it (from public_from on, when set). */
  published: Flag;
  public_from: Ms | null;
}
