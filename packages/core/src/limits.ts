/** Business constants shared by server and web (spec 01 §9, 02 §9). */
export const AUTOSAVE_DELAY_MS = 1000;
export const LINK_CHECK_DELAY_MS = 500;
export const USER_SEARCH_DELAY_MS = 1000;
export const SUCCESS_DIALOG_CLOSE_MS = 1000;
export const PROGRESS_SHOW_DELAY_MS = 500;
export const EVENT_DATE_FORMAT = 'DD MMMM YYYY';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 200;
export const SHORTLINK_MAX_LENGTH = 64;
export const EMAIL_MAX_LENGTH = 254;
/** Largest event file (template, CLI import) the server accepts, in bytes. */
export const EVENT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/**
 * Largest request body of an ordinary API route, in bytes: a sign-in, a team, one KP. Bulk and
 * file routes take more (BULK_BODY_MAX_BYTES, EVENT_FILE_MAX_BYTES).
 */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;
/**
 * Largest request body of the routes that carry many things or long text at once, in bytes:
 * settings (rich text, map configs), news, KPs and print items in bulk, batches of marks,
 * locations and start times, speed areas, cup cells (docs/security.md lists them).
 */
export const BULK_BODY_MAX_BYTES = 1024 * 1024;
/**
 * Most values (array items and object members, counted by their commas) one JSON request body
 * may hold, whatever its size: the work of parsing and checking a body grows with its values,
 * and 50 MB of `1,` would be 25 million of them.
 */
export const JSON_MAX_VALUES = 1_000_000;
/** Deepest nesting of arrays and objects a JSON request body may have. */
export const JSON_MAX_DEPTH = 64;
/** Browser sessions last this long since last use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** …and never longer than this since sign-in, however often they are used. */
export const SESSION_MAX_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
/** API tokens expire this long after they were made or last renewed. */
export const API_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export const EVENT_TYPES = ['paevak', 'valik', 'race'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const DEFAULT_EVENT_TYPE: EventType = 'valik';

/**
 * The marking distance (`maxmarkingdistance`, metres) a new event starts with, by its type: a
 * location KP is marked only this close to it (participant.ts kpNeedsCloseness; question KPs
 * answer from anywhere unless they open only when close). A phone's GPS is within 5–15 m in the
 * open and 20–40 m under trees or between houses, so 50 m takes a team standing at the KP with a
 * poor fix and refuses one on the next path or hilltop. A race may be driven: its teams mark from
 * the roadside or a parking place, hence 100 m. The organiser changes it in the settings (empty
 * or 0: any distance).
 */
export const DEFAULT_MARKING_DISTANCE_M: Readonly<Record<EventType, number>> = {
  paevak: 50,
  valik: 50,
  race: 100,
};

/**
 * The event-wide speed limit (evdoc.speed.limit, km/h) of an event that sets none, by its type:
 * a race may be driven, so 90 (a country road); teams on foot (päevak, valik) have none, so they
 * get speed tickets only in speed areas with a limit of their own, until the organiser sets one.
 */
export const DEFAULT_SPEED_LIMIT_KMH: Readonly<Record<EventType, number | null>> = {
  paevak: null,
  valik: null,
  race: 90,
};

/**
 * The speed-ticket thresholds (km/h over the limit) and delays (s) of an event that sets none,
 * and a new event's document (evdoc.speed); the limit is its type's (DEFAULT_SPEED_LIMIT_KMH).
 */
export const DEFAULT_SPEED = { over1: 2, delay1: 10, over2: 10, delay2: 5 } as const;

export const ORDER_RULES = [
  'points',
  'okcount',
  'spent',
  'intime',
  'katk',
  'dsq',
  'highkp',
  'spdpenalty',
  'spdavg',
] as const;
export type OrderRule = (typeof ORDER_RULES)[number];
export const DEFAULT_ORDER_RULES: OrderRule[] = [
  'dsq',
  'katk',
  'intime',
  'points',
  'spent',
  'okcount',
];

/** Start-order screen (spec 01 §4, §9). */
export const START_CARD_KEEP_MS = 10_000;
export const START_RED_WITHIN_S = 10;
export const START_YELLOW_WITHIN_S = 60;
export const START_BEEP_LAST_S = 4;
export const START_WIDE_MIN_PX = 840;

/** Join codes (spec 01 §5, §9). */
export const JOIN_CODE_LENGTH = 6;
/** Shortest code an organiser may choose (shorter ones are guessed too easily). */
export const JOIN_CODE_MIN_LENGTH = 6;
export const JOIN_CODE_MAX_LENGTH = 32;
export const JOIN_QR_SIZE_PX = 256;
export const JOIN_QR_ERROR_LEVEL = 'M';

/** Registration field order (spec 01 §9): built-in fields, then every unordered field. */
export const REG_FIELD_ORDER = { teamname: 5, email: 10, phone: 20, car: 30 } as const;
export const REG_DEFAULT_ORDER = 100;

/** Live location socket reconnect (spec 01 §4, §9). */
export const LISTEN_QUICK_CLOSE_MS = 1000;
export const LISTEN_QUICK_RETRY_MS = 3000;
export const LISTEN_ERROR_RETRY_MS = 10_000;
export const LISTEN_RETRY_CAP_MS = 300_000;

/** What all of a team's devices may upload for commands in one event, in bytes (UTF-8). */
export const TEAM_UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;
/** Teams one user may register in one event unless the event's maxregsperuser says otherwise. */
export const DEFAULT_MAX_REGS_PER_USER = 5;
/**
 * A device time may be this much before the event's start (a start) and still count, as the
 * event's start; a device clock further off than this is flagged to the organiser.
 */
export const DEVICE_CLOCK_TOLERANCE_MS = 60_000;
/** How long a device clock observation stands before a newer, later one replaces it. */
export const DEVICE_CLOCK_WINDOW_MS = 10 * 60_000;

/**
 * How far a team's start or finish time may lie before the event's start or after its end: a
 * week. Early starts, a finish written in the next morning's corrections and an event moved by a
 * few days all fit; epoch 0, a time in seconds, or last year's date do not (teamTimes.ts). It
 * lives here, not there, so the error texts (errors.ts) name it without bringing zod into the
 * web app's first bundle.
 */
export const TEAM_TIME_MARGIN_DAYS = 7;
/**
 * How far ahead of the clock a finish typed by an organiser may lie before they are asked to
 * confirm it (teamTimeWarnings): a few minutes cover clocks a little apart.
 */
export const TEAM_FINISH_FUTURE_MARGIN_MS = 5 * 60_000;
