import { encodeTrack, fillPath, operationRoute, TRACK_CONTENT_TYPE } from '@rada/core';
import type { AnswerOf, Contract, PutSpeedAreaBody, Sent } from '@rada/core';
import type { WheelOfNamesBody, WheelUpdateBody } from '@rada/core';
import type { RevaluationBody } from '@rada/core';
import type { EventMapImageView, EventMapPatch } from '@rada/core';
import type { UpdateAccountBody, UpgradeGuestBody } from '@rada/core';
import type { PhoneChangeBody, PhoneCodeBody, PhoneSignInBody } from '@rada/core';
import type { EmailChangeBody, EmailChangeConfirmBody } from '@rada/core';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type {
  AddPasskeyBody,
  PasskeySignInBody,
  OneTapBody,
  EmailLinkBody,
  EmailLinkSignInBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  LocationPoint,
  MarkBody,
  RegisterDeviceBody,
  CreateTrackingLinkBody,
  StartFinishBody,
  UploadBody,
  AssignStartTimesBody,
  UndoStartTimesBody,
  CreateJoinCodeBody,
  CreateTeamBody,
  RegisterBody,
  SendMessageBody,
  UpdateJoinCodeBody,
  UpdateRegistrationBody,
  UseJoinCodeBody,
  CreateCheckpointBody,
  ImportCheckpointsBody,
  PrintItemsBody,
  RenumberBody,
  ResponsesView,
  CupCellBody,
  RawDoc,
  NewsBody,
  TranslationBody,
  CupJoinBody,
  CupStandingsView,
  CreateCupBody,
  UpdateCupBody,
  ImportTeamsBody,
  ResultsView,
  TeamAnswerBody,
  UpdateTeamBody,
  UpdateCheckpointBody,
  ChangePasswordBody,
  CreateEventBody,
  CreateTokenBody,
  DeleteAccountBody,
  ErrorBody,
  EventSummary,
  Me,
  SettingsPatch,
  SignInBody,
  SignUpBody,
  UpdateEventBody,
} from '@rada/core';

/**
 * The one typed HTTP client of the web app (STYLE.md rule 10). Every call goes to `/api`,
 * carries the session cookie, and turns a non-2xx answer into an `ApiError` holding the
 * server's error key, which the UI translates.
 */

/** A refused or failed API call. `key` is an ErrorBody key or a web-only key such as error.network. */
export class ApiError extends Error {
  readonly status: number;
  readonly key: string;
  readonly details: { path: string; message: string }[];

  constructor(status: number, key: string, message: string, details?: ErrorBody['details']) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.key = key;
    this.details = details ?? [];
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string'
  );
}

/** `bytes` gzipped with the browser's CompressionStream, or as they are where it has none. */
async function compressed(
  bytes: Uint8Array,
): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: 'gzip' | null }> {
  const plain = new Uint8Array(bytes);
  if (typeof CompressionStream === 'undefined') return { body: plain, encoding: null };
  const stream = new Blob([plain]).stream().pipeThrough(new CompressionStream('gzip'));
  return { body: new Uint8Array(await new Response(stream).arrayBuffer()), encoding: 'gzip' };
}

/** The answers the boot script fetched (boot/boot.ts), by API path; undefined without it. */
const prefetchStore = () =>
  (globalThis as { __radaPrefetch?: Record<string, { at: number; answer: Promise<Response> }> })
    .__radaPrefetch;

/** How long an answer the boot script fetched (boot/boot.ts) may stand in for a request. */
const PREFETCH_FRESH_MS = 15_000;

/**
 * The answer the boot script already asked for at `path` before the app loaded, taken once, if
 * it is recent enough to be the one the page would get now.
 */
function prefetched(path: string): Promise<Response> | undefined {
  const store = prefetchStore();
  const hit = store?.[path];
  if (!hit) return undefined;
  delete store[path];
  return performance.now() - hit.at < PREFETCH_FRESH_MS ? hit.answer : undefined;
}

/** Answers of the boot script read to the end before the first render (settlePrefetch), by path. */
const settled = new Map<string, unknown>();

/**
 * Reads the boot script's answers that have come in successfully, waiting for them at most
 * `timeoutMs`: main.tsx waits for this when the server wrote the page's first rows, so the
 * app's first render has its data (early) and draws rows over rows, never a spinner in between.
 * An answer not in by then, or not a success, is left for the request that wants it.
 */
export async function settlePrefetch(timeoutMs: number): Promise<void> {
  const store = prefetchStore();
  if (!store) return;
  let late = false;
  const reads = Object.entries(store).map(async ([path, hit]) => {
    const response = await hit.answer.catch(() => null);
    if (late || !response?.ok || store[path] !== hit) return;
    delete store[path];
    try {
      settled.set(path, await response.json());
    } catch {
      // Not JSON after all: the request asks again.
    }
  });
  await Promise.race([
    Promise.all(reads),
    new Promise<void>((resolve) => setTimeout(resolve, timeoutMs)),
  ]);
  late = true;
}

/** The answer already read for `path` (settlePrefetch), taken once. */
function takeSettled<T>(path: string): T | undefined {
  if (!settled.has(path)) return undefined;
  const value = settled.get(path) as T;
  settled.delete(path);
  return value;
}

/**
 * Sends one request to the API and parses the JSON answer (undefined for 204); `headers` are
 * added to the usual ones (an Idempotency-Key).
 */
async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  /** A body that is not JSON (sent as it is) and other fetch options. */
  raw: { body?: BodyInit; referrerPolicy?: ReferrerPolicy } = {},
): Promise<T> {
  if (method === 'GET' && raw.body === undefined && settled.has(path)) {
    return takeSettled<T>(path)!;
  }
  let response: Response;
  try {
    const early =
      method === 'GET' && raw.body === undefined && Object.keys(headers).length === 0
        ? prefetched(path)
        : undefined;
    response = await (early ??
      fetch(`/api${path}`, {
        ...raw,
        method,
        credentials: 'include',
        headers:
          body === undefined
            ? { Accept: 'application/json', ...headers }
            : {
                Accept: 'application/json',
                'Content-Type': 'application/json',
                ...headers,
              },
        body: raw.body ?? (body === undefined ? undefined : JSON.stringify(body)),
      }));
  } catch (e) {
    throw new ApiError(0, 'error.network', e instanceof Error ? e.message : String(e));
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!response.ok) {
    if (isErrorBody(parsed)) {
      throw new ApiError(response.status, parsed.error, parsed.message, parsed.details);
    }
    throw new ApiError(response.status, fallbackKey(response.status), response.statusText);
  }
  return parsed as T;
}

type Declared = keyof Contract;
/** The changes log's filters as the log pages build them (core's AuditLogQuery). */
type AuditLogFilter = Sent<Contract['eventLog'], 'query'>;
/** A part of a declared operation's input: required when the operation takes it, else absent. */
type Part<K extends Declared, F extends 'params' | 'query' | 'body'> =
  Sent<Contract[K], F> extends undefined
    ? { [P in F]?: never }
    : { [P in F]: Sent<Contract[K], F> };
/** What a call of operation `K` sends: its path parameters, query and body as declared. */
export type CallInput<K extends Declared> = Part<K, 'params'> & Part<K, 'query'> & Part<K, 'body'>;

/** `?a=1&b=x` of the defined values of `query`, or nothing. */
function queryString(query: Readonly<Record<string, unknown>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls a declared operation (core's contract; docs/adr/0002-api-contract.md): its method and path
 * come from the declaration, the parameters are encoded into the path, and the answer is typed
 * by the declared schema. `headers` are added to the usual ones (an Idempotency-Key).
 */
function send<K extends Declared>(
  operation: K,
  input: CallInput<K>,
  headers: Record<string, string> = {},
): Promise<AnswerOf<Contract[K]>> {
  const { method } = operationRoute(operation);
  return request(
    method as Method,
    pathOf(operation, input as Parameters<typeof pathOf>[1]),
    (input as { body?: unknown }).body,
    headers,
  );
}

/** The path of a declared operation with `params` encoded in and `query`'s defined values. */
function pathOf(
  operation: Declared,
  { params, query }: { params?: Record<string, string>; query?: Record<string, unknown> },
): string {
  return fillPath(operationRoute(operation).path, params ?? {}) + queryString(query);
}

/**
 * The address of a declared operation for a link, an image or a download the browser itself
 * fetches (`<a href>`, `<img src>`, XMLHttpRequest): `/api` + its path with `params` encoded in
 * and `query`'s defined values.
 */
export function apiUrl<K extends Declared>(
  operation: K,
  input: Pick<CallInput<K>, 'params' | 'query'>,
): string {
  return `/api${pathOf(operation, input as Parameters<typeof pathOf>[1])}`;
}

/** The error key to use when an error answer has no ErrorBody (a proxy error page, say). */
function fallbackKey(status: number): string {
  if (status === 401) return 'error.unauthorized';
  if (status === 403) return 'error.forbidden';
  if (status === 404) return 'error.notfound';
  if (status === 413) return 'error.toolarge';
  if (status === 429) return 'error.toomany';
  return 'error.internal';
}

/** The API paths of what a public page reads first (the boot script fetches them too). */
const paths = {
  event: (id: string) => pathOf('event', { params: { id } }),
  results: (id: string) => pathOf('results', { params: { id } }),
  responses: (id: string) => pathOf('responses', { params: { id } }),
  cupStandings: (cupId: string) => pathOf('cupStandings', { params: { cupId } }),
};

/**
 * The boot script's answers already read (settlePrefetch), for a query's initialData: a page
 * drawn over the server's first rows has its data in its first render.
 */
export const early = {
  event: (id: string) => takeSettled<EventSummary>(paths.event(id)),
  results: (id: string) => takeSettled<ResultsView>(paths.results(id)),
  responses: (id: string) => takeSettled<ResponsesView>(paths.responses(id)),
  cupStandings: (cupId: string) => takeSettled<CupStandingsView>(paths.cupStandings(cupId)),
};

/** Every API call the web makes, one function each. */
export const api = {
  config: () => send('config', {}),

  /** The signed-in user, or null (the server answers null when signed out). */
  me: async (): Promise<Me | null> => {
    try {
      return await send('me', {});
    } catch (e) {
      // An older server, or a revoked bearer token.
      if (e instanceof ApiError && e.status === 401) return null;
      throw e;
    }
  },
  signIn: (body: SignInBody) => send('signIn', { body }),
  signUp: (body: SignUpBody) => send('signUp', { body }),
  /** Guests (the participant app): a new one, its upgrade to a full account; the display name. */
  guest: () => send('guest', {}),
  upgradeGuest: (body: UpgradeGuestBody) => send('upgradeGuest', { body }),
  updateAccount: (body: UpdateAccountBody) => send('updateAccount', { body }),
  signOut: () => send('signOut', {}),
  requestEmailLink: (body: EmailLinkBody) => send('requestEmailLink', { body }),
  signInWithLink: (body: EmailLinkSignInBody) => send('signInWithLink', { body }),
  requestPasswordReset: (body: PasswordResetBody) => send('requestPasswordReset', { body }),
  resetPassword: (body: PasswordResetConfirmBody) => send('resetPassword', { body }),
  requestPhoneCode: (body: PhoneCodeBody) => send('requestPhoneCode', { body }),
  signInWithPhone: (body: PhoneSignInBody) => send('signInWithPhone', { body }),
  deleteAccount: (body: DeleteAccountBody) => send('deleteAccount', { body }),
  /** The account's email (a link to the new address) and phone (a code sent to it). */
  requestEmailChange: (body: EmailChangeBody) => send('requestEmailChange', { body }),
  confirmEmailChange: (body: EmailChangeConfirmBody) => send('confirmEmailChange', { body }),
  requestPhoneChangeCode: (body: PhoneCodeBody) => send('requestPhoneChangeCode', { body }),
  changePhone: (body: PhoneChangeBody) => send('changePhone', { body }),
  removePhone: () => send('removePhone', {}),
  /** The account page: own sessions and tokens, their revocation and renewal, the password. */
  sessions: () => send('sessions', {}),
  /** Passkeys: the own list, a new one's options and credential, removal; sign-in with one. */
  passkeys: () => send('passkeys', {}),
  /** The declared options are an open object; the browser library takes them as its own type. */
  passkeyOptions: () =>
    send('passkeyOptions', {}) as Promise<PublicKeyCredentialCreationOptionsJSON>,
  addPasskey: (body: AddPasskeyBody) => send('addPasskey', { body }),
  removePasskey: (id: string) => send('removePasskey', { params: { id } }),
  passkeySignInOptions: () =>
    send('passkeySignInOptions', {}) as Promise<PublicKeyCredentialRequestOptionsJSON>,
  passkeySignIn: (body: PasskeySignInBody) => send('passkeySignIn', { body }),
  /** Google One Tap: a one-time nonce for the prompt, then sign-in with its ID token. */
  oneTapNonce: () => send('oneTapNonce', {}),
  oneTapSignIn: (body: OneTapBody) => send('oneTapSignIn', { body }),
  /** OpenID Connect: the own linked providers, linking one (the provider's URL), unlinking. */
  identities: () => send('identities', {}),
  linkIdentity: (provider: string) => send('linkIdentity', { params: { id: provider } }),
  unlinkIdentity: (provider: string) => send('unlinkIdentity', { params: { provider } }),
  revokeSession: (id: string) => send('revokeSession', { params: { id } }),
  createToken: (body: CreateTokenBody) => send('createToken', { body }),
  renewToken: (id: string) => send('renewToken', { params: { id } }),
  changePassword: (body: ChangePasswordBody) => send('changePassword', { body }),

  /** Searches the directory; `eventId` scopes the search to that event's admin picker. */
  searchUsers: (s: string, eventId?: string) =>
    send('users', { query: { s, ...(eventId !== undefined ? { eventId } : {}) } }),
  creators: () => send('creators', {}),
  grantCreator: (uid: string) => send('grantCreator', { params: { uid } }),
  revokeCreator: (uid: string) => send('revokeCreator', { params: { uid } }),

  events: () => send('events', {}),
  eventExists: (link: string) => send('eventExists', { params: { id: link } }),
  /** `idempotencyKey`: the same key again answers the same event (a double click, a retry). */
  createEvent: (body: CreateEventBody, idempotencyKey?: string) =>
    send('createEvent', { body }, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
  event: (id: string) => send('event', { params: { id } }),
  /** The organiser's dashboard of an event (admins). */
  overview: (id: string) => send('overview', { params: { id } }),
  archive: (id: string) => send('archive', { params: { id } }),
  unarchive: (id: string) => send('unarchive', { params: { id } }),
  archiveJob: (id: string) => send('archiveJob', { params: { id } }),
  archiveStatus: (id: string) => send('archiveStatus', { params: { id } }),
  archiveMove: (id: string) => send('archiveMove', { params: { id } }),
  archiveCleanup: (id: string) => send('archiveCleanup', { params: { id } }),
  adminEvents: (query: { page: number; q: string; firsttier: boolean }) =>
    send('adminEvents', { query: { ...query, firsttier: query.firsttier ? 'true' : 'false' } }),
  eventLog: (id: string, query: AuditLogFilter) => send('eventLog', { params: { id }, query }),
  /** The whole platform's changes log (super admin); `before` pages back. */
  platformLog: (query: AuditLogFilter) => send('platformLog', { query }),
  debugRaw: (eventId: string, doc: RawDoc) => send('debugRaw', { query: { event: eventId, doc } }),
  debugArchiveColours: (body: { event: string; dryRun: boolean }) =>
    send('debugArchiveColours', { body }),
  archiveStorage: (id: string) => send('archiveStorage', { params: { id } }),
  debugCodes: () => send('debugCodes', {}),
  debugIssues: () => send('debugIssues', {}),
  debugClients: () => send('debugClients', {}),
  eventIssues: (id: string) => send('eventIssues', { params: { id } }),
  wheel: (id: string) => send('wheel', { params: { id } }),
  updateWheel: (id: string, body: WheelUpdateBody) => send('updateWheel', { params: { id }, body }),
  wheelDraw: (id: string) => send('wheelDraw', { params: { id } }),
  wheelDraws: (id: string) => send('wheelDraws', { params: { id } }),
  wheelOfNames: (id: string, body: WheelOfNamesBody) =>
    send('wheelOfNames', { params: { id }, body }),
  debugRecode: (body: { event: string; dryRun: boolean }) => send('debugRecode', { body }),
  debugNearby: (p: { lat: number; lng: number }) => send('debugNearby', { query: p }),
  debugDevices: () => send('debugDevices', {}),
  debugVersions: (months: number) => send('debugVersions', { query: { months } }),
  debugGps: (eventId: string) => send('debugGps', { query: { event: eventId } }),
  accountingStock: (date: string) => send('accountingStock', { query: { date } }),
  accountingRevalue: (body: RevaluationBody) => send('accountingRevalue', { body }),
  setUnpaid: (id: string, unpaid: boolean) =>
    send('setUnpaid', { params: { id }, body: { unpaid } }),
  job: (jobId: string) => send('job', { params: { jobId } }),
  updateEvent: (id: string, body: UpdateEventBody) => send('updateEvent', { params: { id }, body }),
  settings: (id: string) => send('settings', { params: { id } }),
  eventMap: (id: string) => send('eventMap', { params: { id } }),
  mapCapabilities: (url: string, eventId: string) =>
    send('mapCapabilities', { query: { url, eventId } }),
  patchSettings: (id: string, patch: SettingsPatch) =>
    send('patchSettings', { params: { id }, body: patch }),
  admins: (id: string) => send('admins', { params: { id } }),
  addAdmin: (id: string, uid: string) => send('addAdmin', { params: { id, uid } }),
  removeAdmin: (id: string, uid: string) => send('removeAdmin', { params: { id, uid } }),
  /** Hands the event to another of its admins (the owner or a super admin). */
  makeOwner: (id: string, uid: string) => send('makeOwner', { params: { id, uid } }),
  exportEvent: (id: string) => send('exportEvent', { params: { id } }),

  checkpoints: (id: string) => send('checkpoints', { params: { id } }),
  createCheckpoint: (id: string, body: CreateCheckpointBody) =>
    send('createCheckpoint', { params: { id }, body }),
  updateCheckpoint: (id: string, kpId: string, body: UpdateCheckpointBody) =>
    send('updateCheckpoint', { params: { id, kpId }, body }),
  /** Moves the checkpoint to the deleted store; the answer is the record to undo with. */
  deleteCheckpoint: (id: string, kpId: string) =>
    send('deleteCheckpoint', { params: { id, kpId } }),
  importCheckpoints: (id: string, body: ImportCheckpointsBody) =>
    send('importCheckpoints', { params: { id }, body }),
  renumberCheckpoints: (id: string, body: RenumberBody) =>
    send('renumberCheckpoints', { params: { id }, body }),
  deletedKps: (id: string) => send('deletedKps', { params: { id } }),
  restoreKp: (id: string, deletedId: string) => send('restoreKp', { params: { id, deletedId } }),
  deletedKpOnTeam: (id: string) => send('deletedKpOnTeam', { params: { id } }),
  deleteTeamAnswer: (id: string, teamId: string, kpId: string) =>
    send('deleteTeamAnswer', { params: { id, teamId, kpId } }),
  printItems: (id: string) => send('printItems', { params: { id } }),
  cups: (mine: boolean) => send('cups', { query: { mine: mine ? '1' : undefined } }),
  cup: (cupId: string) => send('cup', { params: { cupId } }),
  cupLinkCheck: (link: string) => send('cupLinkCheck', { params: { link } }),
  createCup: (body: CreateCupBody) => send('createCup', { body }),
  updateCup: (cupId: string, body: UpdateCupBody) => send('updateCup', { params: { cupId }, body }),
  addCupAdmin: (cupId: string, userId: string) =>
    send('addCupAdmin', { params: { cupId }, body: { userId } }),
  removeCupAdmin: (cupId: string, userId: string) =>
    send('removeCupAdmin', { params: { cupId, userId } }),
  addCupEvent: (cupId: string, eventId: string) =>
    send('addCupEvent', { params: { cupId }, body: { eventId } }),
  removeCupEvent: (cupId: string, eventId: string) =>
    send('removeCupEvent', { params: { cupId, eventId } }),
  cupStandings: (cupId: string) => send('cupStandings', { params: { cupId } }),
  setCupCell: (cupId: string, body: CupCellBody) => send('setCupCell', { params: { cupId }, body }),
  joinCupTeams: (cupId: string, body: CupJoinBody) =>
    send('joinCupTeams', { params: { cupId }, body }),
  undoCup: (cupId: string) => send('undoCup', { params: { cupId } }),
  savePrintItems: (id: string, body: PrintItemsBody) =>
    send('savePrintItems', { params: { id }, body }),

  results: (id: string) => send('results', { params: { id } }),
  responses: (id: string) => send('responses', { params: { id } }),
  /** A team's KP visits in time order with leg times and points. */
  splits: (id: string, teamId: string) => send('splits', { params: { id, teamId } }),
  /** Each team's members' display names (IOF team results and entry list). */
  resultsMembers: (id: string) => send('resultsMembers', { params: { id } }),
  /** Changes one team answer (event admins); results follow through realtime. */
  setTeamAnswer: (id: string, teamId: string, kpId: string, body: TeamAnswerBody) =>
    send('setTeamAnswer', { params: { id, teamId, kpId }, body }),

  /** The organiser's team list (event admins). */
  teams: (id: string) => send('teams', { params: { id } }),
  teamAnswers: (id: string, teamId: string) => send('teamAnswers', { params: { id, teamId } }),
  /** Changes a team's list entry (dsq, katk, times, extras...); audited on the server. */
  updateTeam: (id: string, teamId: string, body: UpdateTeamBody) =>
    send('updateTeam', { params: { id, teamId }, body }),
  createTeam: (id: string, body: CreateTeamBody) => send('createTeam', { params: { id }, body }),
  /** Deletes a team, keeping a backup of everything it had (restorable). */
  deleteTeam: (id: string, teamId: string) => send('deleteTeam', { params: { id, teamId } }),
  deletedTeams: (id: string) => send('deletedTeams', { params: { id } }),
  restoreTeam: (id: string, backupId: string) => send('restoreTeam', { params: { id, backupId } }),
  /** Imports teams from an IOF entry or start list (planned again on the server, one transaction). */
  importTeams: (id: string, body: ImportTeamsBody) => send('importTeams', { params: { id }, body }),
  assignStartTimes: (id: string, body: AssignStartTimesBody) =>
    send('assignStartTimes', { params: { id }, body }),
  /** Puts back the start times an assignment changed (its `changes`), where still unchanged. */
  undoStartTimes: (id: string, body: UndoStartTimesBody) =>
    send('undoStartTimes', { params: { id }, body }),
  /** The start list (anyone who may see the event). */
  startList: (id: string) => send('startList', { params: { id } }),

  /** The registration page: form, the caller's teams, public list. */
  regForm: (id: string) => send('regForm', { params: { id } }),
  register: (id: string, body: RegisterBody) => send('register', { params: { id }, body }),
  updateMyRegistration: (id: string, teamId: string, body: RegisterBody) =>
    send('updateMyRegistration', { params: { id, teamId }, body }),
  /** The registered-teams dialog (event admins). */
  registrations: (id: string) => send('registrations', { params: { id } }),
  updateRegistration: (id: string, teamId: string, body: UpdateRegistrationBody) =>
    send('updateRegistration', { params: { id, teamId }, body }),

  joinCodes: (id: string) => send('joinCodes', { params: { id } }),
  /** Each validity choice's end, made now in the event's time zone (event admins). */
  joinCodeValidities: (id: string) => send('joinCodeValidities', { params: { id } }),
  createJoinCode: (id: string, body: CreateJoinCodeBody) =>
    send('createJoinCode', { params: { id }, body }),
  updateJoinCode: (id: string, code: string, body: UpdateJoinCodeBody) =>
    send('updateJoinCode', { params: { id, code }, body }),
  deleteJoinCode: (id: string, code: string) => send('deleteJoinCode', { params: { id, code } }),
  /** What a code is for (anyone). */
  joinCodeInfo: (code: string) => send('joinCodeInfo', { params: { code } }),
  useJoinCode: (body: UseJoinCodeBody) => send('useJoinCode', { body }),

  sendMessage: (id: string, body: SendMessageBody) => send('sendMessage', { params: { id }, body }),
  messages: (id: string) => send('messages', { params: { id } }),
  deviceMessages: (deviceId: string) => send('deviceMessages', { params: { deviceId } }),
  ackDeviceMessage: (deviceId: string, messageId: string) =>
    send('ackDeviceMessage', { params: { deviceId, messageId } }),
  registerDevice: (deviceId: string, body: RegisterDeviceBody) =>
    send('registerDevice', { params: { deviceId }, body }),
  /**
   * Sends a batch of location points (durable when it answers) in the binary track format,
   * gzipped where the browser can (about 6 bytes a point instead of 150 in JSON); the Referer is
   * the origin only, to keep the request small. (Not no-referrer: a POST under that policy may
   * carry `Origin: null`, which the server refuses from a browser that sends no Sec-Fetch-Site.)
   */
  sendLocations: async (deviceId: string, points: LocationPoint[]) => {
    const { body, encoding } = await compressed(encodeTrack(points));
    return request<AnswerOf<Contract['sendLocations']>>(
      operationRoute('sendLocations').method as Method,
      pathOf('sendLocations', { params: { deviceId } }),
      undefined,
      {
        'Content-Type': TRACK_CONTENT_TYPE,
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
      },
      { body, referrerPolicy: 'origin' },
    );
  },
  /** A team's tracking links (members of the team and event admins). */
  trackingLinks: (id: string, teamId: string) => send('trackingLinks', { params: { id, teamId } }),
  createTrackingLink: (id: string, teamId: string, body: CreateTrackingLinkBody) =>
    send('createTrackingLink', { params: { id, teamId }, body }),
  deleteTrackingLink: (id: string, linkId: string) =>
    send('deleteTrackingLink', { params: { id, linkId } }),
  /** The event's Traccar forwarding URL and every tracking link (event admins). */
  eventTracking: (id: string) => send('eventTracking', { params: { id } }),
  /** Makes or replaces the event's Traccar forwarding secret (event admins). */
  enableTrackerFeed: (id: string) => send('enableTrackerFeed', { params: { id } }),
  disableTrackerFeed: (id: string) => send('disableTrackerFeed', { params: { id } }),
  uploadDeviceFile: (deviceId: string, body: UploadBody) =>
    send('uploadDeviceFile', { params: { deviceId }, body }),
  uploads: (id: string) => send('uploads', { params: { id } }),

  /** The signed-in user's teams in every event. */
  myTeams: () => send('myTeams', {}),
  /** The participant app's view of the event (a member of a team). */
  play: (id: string, teamId?: string) =>
    send('play', { params: { id }, query: { teamId: teamId || undefined } }),
  mark: (id: string, body: MarkBody) => send('mark', { params: { id }, body }),
  startTeam: (id: string, body: StartFinishBody) => send('startTeam', { params: { id }, body }),
  finishTeam: (id: string, body: StartFinishBody) => send('finishTeam', { params: { id }, body }),

  /** Imports a GPX file into a team's track (event admins). */
  importTeamGpx: (id: string, teamId: string, gpx: string) =>
    send('importTeamGpx', { params: { id, teamId }, body: { gpx } }),
  /** Every team's track summary (live map). */
  tracks: (id: string) => send('tracks', { params: { id } }),
  speedAreas: (id: string) => send('speedAreas', { params: { id } }),
  putSpeedArea: (id: string, areaId: string, body: PutSpeedAreaBody) =>
    send('putSpeedArea', { params: { id, areaId }, body }),
  deleteSpeedArea: (id: string, areaId: string) =>
    send('deleteSpeedArea', { params: { id, areaId } }),
  speedTickets: (id: string) => send('speedTickets', { params: { id } }),
  /** Recomputes the event's speed tickets from its tracks (event admins). */
  recomputeSpeedTickets: (id: string) => send('recomputeSpeedTickets', { params: { id } }),
  /** News, newest first (anyone); the platform owner adds, edits and deletes. */
  news: () => send('news', {}),
  createNews: (body: NewsBody) => send('createNews', { body }),
  updateNews: (time: number, body: NewsBody) =>
    send('updateNews', { params: { time: String(time) }, body }),
  deleteNews: (time: number) => send('deleteNews', { params: { time: String(time) } }),
  /** The interface's translation overrides (anyone; i18n/index.ts lays them over the texts). */
  translations: () => send('translations', {}),
  /** Saves a key's English and Estonian texts (the platform owner and super admins). */
  putTranslation: (key: string, body: TranslationBody) =>
    send('putTranslation', { params: { key }, body }),
  deleteTranslation: (key: string) => send('deleteTranslation', { params: { key } }),

  // ---- Map images (issue 37, features/mapImages): the event's own maps and the library ----
  /** The event's map images (admins: all; others: the published ones already public). */
  mapImages: (id: string) => send('mapImages', { params: { id } }),
  /** Renames, places (a re-cut follows), publishes, hides until, keeps in the library. */
  patchMapImage: (id: string, mapId: string, body: EventMapPatch) =>
    send('patchMapImage', { params: { id, mapId }, body }),
  /** Takes the map out of the event (its files go when nothing else uses them). */
  deleteMapImage: (id: string, mapId: string) => send('deleteMapImage', { params: { id, mapId } }),
  /** The signed-in user's kept maps. */
  mapLibrary: () => send('mapLibrary', {}),
  /** A map of the caller's library into the event. */
  addLibraryMap: (id: string, mapId: string) =>
    send('addLibraryMap', { params: { id }, body: { mapId } }),
  /** A map out of the caller's library. */
  removeLibraryMap: (mapId: string) => send('removeLibraryMap', { params: { mapId } }),
  // ---- end of map images ----
};

// ---- Map images (issue 37): the upload with progress and the image's address ----

/** The address of a map image scaled to at most `width` px wide (admins; for placing it). */
export function mapImageUrl(eventId: string, mapId: string, width: number): string {
  return apiUrl('mapImagePreview', {
    params: { id: eventId, mapId },
    query: { width: Math.round(width) },
  });
}

/**
 * Uploads a map image or KMZ/KML (POST /api/events/:id/maps?name=…, the file as the body, its
 * own content type) and answers the stored map's view. XMLHttpRequest, not fetch: it reports the
 * upload's progress (`onProgress`, 0–1), which a fetch of a file body cannot. A refused file
 * rejects with the server's error key (maps.error.badfile, …); `signal` aborts.
 */
export function uploadMapImage(
  eventId: string,
  file: Blob,
  options: {
    name: string;
    contentType: string;
    onProgress?: (fraction: number) => void;
    signal?: AbortSignal;
  },
): Promise<EventMapImageView> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(
      'POST',
      apiUrl('uploadMapImage', { params: { id: eventId }, query: { name: options.name } }),
    );
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', options.contentType);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON (a proxy's error page): the status tells.
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(parsed as EventMapImageView);
      else if (isErrorBody(parsed))
        reject(new ApiError(xhr.status, parsed.error, parsed.message, parsed.details));
      else reject(new ApiError(xhr.status, fallbackKey(xhr.status), xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'error.network', 'upload failed'));
    xhr.onabort = () => reject(new ApiError(0, 'mapimages.error.aborted', 'upload aborted'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new ApiError(0, 'mapimages.error.aborted', 'upload aborted'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
// ---- end of map images ----

/**
 * Binary track data (codec v2) of a team, GET /api/events/:id/points (spec 02 §7: tid, devid,
 * startt, endt); decode with core's decodeTrack.
 */
export async function fetchPoints(
  id: string,
  query: { tid: string; devid?: string; startt?: number; endt?: number },
): Promise<Uint8Array> {
  const response = await fetch(
    apiUrl('points', { params: { id }, query: { ...query, devid: query.devid || undefined } }),
    { credentials: 'include' },
  );
  if (!response.ok) {
    throw new ApiError(response.status, 'error.internal', `points: ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** TanStack Query keys, built in one place so realtime invalidation matches the readers. */
export const queryKeys = {
  me: ['me'] as const,
  cups: (mine: boolean) => ['cups', mine] as const,
  /** Under it: the cup's standings; a cup.changed message refreshes both. */
  cup: (cupId: string) => ['cup', cupId] as const,
  cupStandings: (cupId: string) => ['cup', cupId, 'standings'] as const,
  config: ['config'] as const,
  events: ['events'] as const,
  creators: ['creators'] as const,
  users: (s: string) => ['users', s] as const,
  linkExists: (link: string) => ['linkExists', link] as const,
  event: (id: string) => ['event', id] as const,
  settings: (id: string) => ['event', id, 'settings'] as const,
  overview: (id: string) => ['event', id, 'overview'] as const,
  archiveJob: (id: string) => ['event', id, 'archivejob'] as const,
  archiveStatus: (id: string) => ['event', id, 'archivestatus'] as const,
  /** The super admin's events table, every page and query under it. */
  adminEvents: ['adminevents'] as const,
  /** An event's changes log, every filter and page under it. */
  eventLog: (id: string) => ['event', id, 'log'] as const,
  /** The platform's changes log, every filter and page under it. */
  platformLog: ['platformlog'] as const,
  /** The event's map layers (private ones for admins), area and speed colours. */
  eventMap: (id: string) => ['event', id, 'map'] as const,
  /** The event's map images as the organiser's panel reads them (GET /events/:id/maps). */
  mapImages: (id: string) => ['event', id, 'maps'] as const,
  /** The signed-in user's map library. */
  mapLibrary: ['maplibrary'] as const,
  admins: (id: string) => ['event', id, 'admins'] as const,
  checkpoints: (id: string) => ['event', id, 'checkpoints'] as const,
  deletedKps: (id: string) => ['event', id, 'deletedkps'] as const,
  deletedKpOnTeam: (id: string) => ['event', id, 'deletedkponteam'] as const,
  printItems: (id: string) => ['event', id, 'printitems'] as const,
  results: (id: string) => ['event', id, 'results'] as const,
  /** Under results: every recalculation (which follows each answer change) refreshes it too. */
  responses: (id: string) => ['event', id, 'results', 'responses'] as const,
  splits: (id: string, teamId: string) => ['event', id, 'results', 'splits', teamId] as const,
  resultsMembers: (id: string) => ['event', id, 'results', 'members'] as const,
  /** Realtime `teams` changes invalidate this prefix, the answers of each team included. */
  teams: (id: string) => ['event', id, 'teams'] as const,
  teamAnswers: (id: string, teamId: string) => ['event', id, 'teams', teamId, 'answers'] as const,
  startTimesPreview: (id: string, body: unknown) =>
    ['event', id, 'teams', 'starttimes-preview', body] as const,
  deletedTeams: (id: string) => ['event', id, 'deletedteams'] as const,
  /** Under teams: a change of the event's teams refreshes the wheel's entries too. */
  wheel: (id: string) => ['event', id, 'teams', 'wheel'] as const,
  wheelDraws: (id: string) => ['event', id, 'wheeldraws'] as const,
  startList: (id: string) => ['event', id, 'startlist'] as const,
  regForm: (id: string) => ['event', id, 'regform'] as const,
  registrations: (id: string) => ['event', id, 'registrations'] as const,
  joinCodes: (id: string) => ['event', id, 'joincodes'] as const,
  joinCodeValidities: (id: string) => ['event', id, 'joincodes', 'validities'] as const,
  joinCodeInfo: (code: string) => ['joincode', code] as const,
  messages: (id: string) => ['event', id, 'messages'] as const,
  /** Every participant view of the event (one per chosen team); a prefix for invalidation. */
  play: (id: string) => ['event', id, 'play'] as const,
  playTeam: (id: string, teamId: string | null) => ['event', id, 'play', teamId] as const,
  myTeams: ['myteams'] as const,
  tracks: (id: string) => ['event', id, 'tracks'] as const,
  speedAreas: (id: string) => ['event', id, 'speedareas'] as const,
  speedTickets: (id: string) => ['event', id, 'speedtickets'] as const,
  uploads: (id: string) => ['event', id, 'uploads'] as const,
  news: ['news'] as const,
  /** The translation overrides as the translation editor reads them. */
  translations: ['translations'] as const,
};
