import { SqliteAdapter } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { eventRepository } from '../events/event.repository.ts';
import { userRepository } from '../users/user.repository.ts';
import { eventFileRepository } from '../eventFile/eventFile.repository.ts';
import { checkpointRepository } from '../checkpoints/checkpoint.repository.ts';
import { resultRepository } from '../results/result.repository.ts';
import { teamRepository } from '../teams/team.repository.ts';
import { memberRepository } from '../teams/member.repository.ts';
import { registrationRepository } from '../registration/registration.repository.ts';
import { joinCodeRepository } from '../joinCodes/joinCode.repository.ts';
import { messageRepository } from '../messages/message.repository.ts';
import { trackRepository } from '../tracks/track.repository.ts';
import { overviewRepository } from '../overview/overview.repository.ts';
import { participantRepository } from '../participant/participant.repository.ts';
import { speedRepository } from '../speed/speed.repository.ts';
import { sessionRepository } from '../auth/session.repository.ts';
import { cupRepository } from '../cups/cup.repository.ts';
import { archiveRepository } from '../archive/archive.repository.ts';
import { adminEventsRepository } from '../admin/adminEvents.repository.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { debugRepository } from '../debug/debug.repository.ts';
import { newsRepository } from '../news/news.repository.ts';
import { translationRepository } from '../translations/translation.repository.ts';
import { authLinkRepository } from '../auth/authLink.repository.ts';
import { phoneCodeRepository } from '../auth/phoneCode.repository.ts';
import { passkeyRepository } from '../auth/passkey.repository.ts';
import { oidcRepository } from '../auth/oidc.repository.ts';
import { trackingRepository } from '../tracking/tracking.repository.ts';
import { mapImageRepository } from '../mapImages/mapImage.repository.ts';
import { groupCommitter } from './groupCommit.ts';
import { inProcessExclusive, inTurn } from './locks.ts';
import type { Exclusive } from './locks.ts';
import type { GroupCommitStats } from './groupCommit.ts';

/** The repositories, bound to the database or to one transaction. */
export interface Repos {
  /** Links sent by email to sign in or reset a password (auth/). */
  authLinks: ReturnType<typeof authLinkRepository>;
  /** Sign-in codes sent by SMS (auth/). */
  phoneCodes: ReturnType<typeof phoneCodeRepository>;
  /** Passkeys of accounts and their ceremonies' challenges (auth/). */
  passkeys: ReturnType<typeof passkeyRepository>;
  /** OpenID Connect sign-ins under way and linked provider accounts (auth/). */
  oidc: ReturnType<typeof oidcRepository>;
  events: ReturnType<typeof eventRepository>;
  users: ReturnType<typeof userRepository>;
  eventFiles: ReturnType<typeof eventFileRepository>;
  checkpoints: ReturnType<typeof checkpointRepository>;
  results: ReturnType<typeof resultRepository>;
  teams: ReturnType<typeof teamRepository>;
  members: ReturnType<typeof memberRepository>;
  registrations: ReturnType<typeof registrationRepository>;
  joinCodes: ReturnType<typeof joinCodeRepository>;
  /** Device messages and the devices table. */
  messages: ReturnType<typeof messageRepository>;
  /** Track chunks, device last times, team track stats. */
  tracks: ReturnType<typeof trackRepository>;
  /** Tracking links of background apps and trackers, events' Traccar forwarding (tracking/). */
  tracking: ReturnType<typeof trackingRepository>;
  /** The events' own map images and their links to events (mapImages/). */
  mapImages: ReturnType<typeof mapImageRepository>;
  /** Participant marks, start/finish, device uploads. */
  participant: ReturnType<typeof participantRepository>;
  /** Speed areas (event document) and speed tickets. */
  speed: ReturnType<typeof speedRepository>;
  /** Browser sessions and API tokens. */
  sessions: ReturnType<typeof sessionRepository>;
  /** Series (cups): admins, events, edits, joins, undo entries, stored standings. */
  cups: ReturnType<typeof cupRepository>;
  /** The organiser's overview: counts and small columns of an event. */
  overview: ReturnType<typeof overviewRepository>;
  /** What archiving removes and restoring puts back (archive/). */
  archive: ReturnType<typeof archiveRepository>;
  /** The super admin's table of every event (admin/). */
  adminEvents: ReturnType<typeof adminEventsRepository>;
  /** The changes log (audit_log): written with the changes, read by the log's views. */
  audit: ReturnType<typeof auditRepository>;
  /** The super admin's debug tools' platform-wide reads. */
  debug: ReturnType<typeof debugRepository>;
  /** News items per language (news/). */
  news: ReturnType<typeof newsRepository>;
  /** The interface's translation overrides (translations/). */
  translations: ReturnType<typeof translationRepository>;
}

export interface Store extends Repos {
  /** Runs `fn` with repositories bound to one transaction: all of it is written or none. */
  transaction<T>(fn: (repos: Repos) => Promise<T>): Promise<T>;
  /**
   * Like `transaction`, for small frequent writes that must be durable before the answer (device
   * locations): on SQLite, work arriving while a commit runs shares the next transaction and its
   * one fsync (db/groupCommit.ts), each in its own savepoint; elsewhere one transaction each
   * (PostgreSQL groups its WAL flushes itself, and its pool runs transactions side by side).
   */
  groupTransaction<T>(fn: (repos: Repos) => Promise<T>): Promise<T>;
  /** Shared transactions and the work in them, for the benchmarks (zero off SQLite). */
  groupStats(): GroupCommitStats;
  /** Work no other server process runs under the same key meanwhile (db/locks.ts). */
  exclusive: Exclusive;
}

const REPOSITORIES: { [K in keyof Repos]: (db: Kysely<Database>) => Repos[K] } = {
  events: eventRepository,
  users: userRepository,
  eventFiles: eventFileRepository,
  checkpoints: checkpointRepository,
  results: resultRepository,
  teams: teamRepository,
  members: memberRepository,
  registrations: registrationRepository,
  joinCodes: joinCodeRepository,
  messages: messageRepository,
  tracks: trackRepository,
  tracking: trackingRepository,
  mapImages: mapImageRepository,
  participant: participantRepository,
  speed: speedRepository,
  sessions: sessionRepository,
  cups: cupRepository,
  overview: overviewRepository,
  archive: archiveRepository,
  adminEvents: adminEventsRepository,
  audit: auditRepository,
  debug: debugRepository,
  authLinks: authLinkRepository,
  phoneCodes: phoneCodeRepository,
  passkeys: passkeyRepository,
  oidc: oidcRepository,
  news: newsRepository,
  translations: translationRepository,
};

/** Every repository bound to `db` (the store's own, made once). */
function repos(db: Kysely<Database>): Repos {
  const entries = Object.entries(REPOSITORIES).map(([key, make]) => [key, make(db)]);
  return Object.fromEntries(entries) as unknown as Repos;
}

/**
 * The repositories of one transaction, each made when first used: a transaction uses two or
 * three of the twenty, and making all of them cost a device batch more than its queries did
 * (bench fanout). The getters are the object's own, so `{ ...repos }` still copies every one.
 */
function lazyRepos(db: Kysely<Database>): Repos {
  const out = {} as Repos;
  for (const key of Object.keys(REPOSITORIES) as (keyof Repos)[]) {
    let made: Repos[typeof key] | undefined;
    Object.defineProperty(out, key, {
      enumerable: true,
      get: () => (made ??= REPOSITORIES[key](db)),
    });
  }
  return out;
}
export function createStore(
  db: Kysely<Database>,
  acrossServers: Exclusive = inProcessExclusive,
): Store {
  const exclusive = inTurn(acrossServers);
  const transaction: Store['transaction'] = (fn) =>
    db.transaction().execute((trx) => fn(lazyRepos(trx)));
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    const none = { commits: 0, members: 0 };
    return {
      ...repos(db),
      transaction,
      groupTransaction: transaction,
      groupStats: () => none,
      exclusive,
    };
  }
  const group = groupCommitter(db);
  return {
    ...repos(db),
    transaction,
    groupTransaction: (fn) => group.run((trx) => fn(lazyRepos(trx))),
    groupStats: () => group.stats(),
    exclusive,
  };
}
