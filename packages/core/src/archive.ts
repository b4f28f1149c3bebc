/**
 * Archiving (spec 02 §4 "Event archive state"): an event's `arch` goes none → a1 (its files in
 * the first archive tier, its live rows removed) → a2 (moved to the second tier, final); a1 can go
 * back to none (restored). The work runs on the server as a job that can be watched.
 */

/** The archive files of an event, under its id in a tier (spec 02 §3). */
export const ARCHIVE_FILES = {
  event: 'evdata.json',
  meta: 'archivemeta.json',
  tracks: 'tracks.dat',
  trackIndex: (eventId: string) => `doctracks-${eventId}.json.gz`,
} as const;

/** archivemeta.json's `version`. */
export const ARCHIVE_VERSION = '2';

/** archivemeta.json. */
export interface ArchiveMeta {
  /** Epoch ms of the archiving. */
  archivedate: number;
  version: string;
}

export type ArchiveState = 'a1' | 'a2';

/** A stored `arch` as an archive state: null for none (or anything unknown). */
export const archiveState = (arch: string | null): ArchiveState | null =>
  arch === 'a1' || arch === 'a2' ? arch : null;

/**
 * archive: none → a1; unarchive: a1 → none; move: a1 → a2 (copied to the second tier and read
 * back); cleanup: the first tier's files compared with the second's, then deleted (a2).
 */
export type JobKind = 'archive' | 'unarchive' | 'move' | 'cleanup';

/** The pause between two deletions of a first-tier cleanup (spec 02 §4). */
export const ARCHIVE_DELETE_DELAY_MS = 100;

/** GET /api/events/:id/archive: where an event's archive files are (docs/api.md). */
export interface ArchiveStatus {
  arch: ArchiveState | null;
  /** The files of the event in the first tier. */
  first: string[];
  /** Whether the platform has a second tier; its files of the event (null without one). */
  second: string[] | null;
  /** Whether the caller may move and clean up (the super admin). */
  canMove: boolean;
}

/** One line of a job's log: a text key (archive.log.*) and its values. */
export interface JobLogLine {
  at: number;
  key: string;
  params?: Record<string, string | number>;
}

/** GET /api/jobs/:id and the answer of the request that starts one (docs/api.md). */
export interface JobView {
  id: string;
  kind: JobKind;
  eventId: string;
  state: 'running' | 'done' | 'failed';
  /** 0…1. */
  progress: number;
  log: JobLogLine[];
  /** The error key and message of a failed job. */
  error: { error: string; message: string } | null;
  startedAt: number;
  endedAt: number | null;
}

/** Where one archive tier keeps an event's files: a folder of the server, or S3 storage. */
export interface ArchivePlace {
  tier: 'first' | 'second';
  kind: 'folder' | 's3';
  /** The folder's path on the server's disk, or s3://bucket/prefix{id}/. */
  location: string;
  /** The storage's own console at the event's files (AWS S3's), when the storage has one. */
  consoleUrl: string | null;
  /** The event's files there (paths within the tier), none when it holds none. */
  files: string[];
}

/**
 * GET /api/events/:id/archive/storage (the super admin's storage link, spec 02 §2): where an
 * event's archive files are on each configured tier.
 */
export interface ArchiveStorageView {
  eventId: string;
  arch: ArchiveState | null;
  places: ArchivePlace[];
}
