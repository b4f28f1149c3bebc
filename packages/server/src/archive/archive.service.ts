import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ARCHIVE_DELETE_DELAY_MS,
  ARCHIVE_FILES,
  ARCHIVE_VERSION,
  ERROR_MESSAGES,
  archiveState,
  eventTopic,
  parseOwnEventFile,
} from '@rada/core';
import type {
  ArchiveMeta,
  ArchiveStatus,
  ErrorKey,
  JobKind,
  JobLogLine,
  JobView,
} from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import { fileToRows, rowsToFile } from '../eventFile/eventFileMapping.ts';
import type { EventRows } from '../eventFile/eventFileMapping.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import { canMoveArchives } from '../policies/platform.policy.ts';
import type { ArchiveStorage } from './archiveStorage.ts';
import { auditRow } from '../db/audit.ts';
import { chunkHead, decodeTracksFile, encodeTracksFile } from './tracksFile.ts';
import { memoryTrackRows } from '../tracks/trackRows.ts';
import type { TrackRows } from '../tracks/trackRows.ts';
import { archivedMapName } from '../mapImages/mapTransfer.ts';
import type { MapTransfer } from '../mapImages/mapTransfer.ts';
import type { MapImageRow } from '../mapImages/mapImage.repository.ts';

/** How a job's work reports: its progress (0…1) and a log line. */
type Step = (progress: number, key: string, params?: JobLogLine['params']) => void;

/** Whether a file read back holds exactly `bytes`. */
const sameBytes = (back: Uint8Array | undefined, bytes: Uint8Array) =>
  back !== undefined && Buffer.from(back).equals(Buffer.from(bytes));

/** Finished jobs kept for watching again, per server process. */
const KEPT_JOBS = 100;
/** Archived events whose evdata.json is kept parsed for reading. */
const KEPT_ARCHIVES = 8;

export interface ArchiveDeps {
  store: Store;
  bus: Bus;
  /** The first tier, where archiving writes. */
  first: ArchiveStorage;
  /** The second tier, where events move from the first (a2); null when there is none. */
  second: ArchiveStorage | null;
  now: () => number;
  log?: (message: string, error?: unknown) => void;
  /**
   * The event's map images (mapImages/mapTransfer.ts): their originals go into the archive beside
   * evdata.json and come back from it when MAPS_DIR lost them; none without it.
   */
  maps?: MapTransfer | null;
}

/**
 * Archiving and restoring events (spec 02 §4): the checks answer at once; the work runs as a job
 * (its progress and log read with `job`), which goes on when the browser that started it closes.
 */
export function archiveService({
  store,
  bus,
  first,
  second,
  now,
  log = () => undefined,
  maps = null,
}: ArchiveDeps) {
  const jobs = new Map<string, JobView>();
  const running = new Map<string, Promise<void>>();
  const parsed = new Map<string, EventRows>();
  /** Archived events' tracks.dat, decoded, as their track views read them. */
  const tracksRead = new Map<string, TrackRows>();

  async function requireAdmin(actor: Actor | null, eventId: string) {
    const row = await store.events.findById(eventId);
    if (!row) throw notFound();
    const role = actor ? await store.events.roleOf(eventId, actor.uid) : null;
    if (!canEditEvent({ actor, role, hidden: row.hidden === 1 })) {
      throw actor ? forbidden() : unauthorized();
    }
    return row;
  }

  const busy = (eventId: string) =>
    [...jobs.values()].some((j) => j.eventId === eventId && j.state === 'running');

  /** Starts `work` as a job of `kind` for the event; its steps report progress and log lines. */
  function startJob(kind: JobKind, eventId: string, work: (step: Step) => Promise<void>): JobView {
    const job: JobView = {
      id: randomUUID(),
      kind,
      eventId,
      state: 'running',
      progress: 0,
      log: [],
      error: null,
      startedAt: now(),
      endedAt: null,
    };
    jobs.set(job.id, job);
    const step: Step = (progress, key, params) => {
      job.progress = progress;
      job.log.push({ at: now(), key, ...(params ? { params } : {}) });
    };
    const done = work(step)
      .then(() => {
        job.state = 'done';
        job.progress = 1;
      })
      .catch((e: unknown) => {
        job.state = 'failed';
        const key: ErrorKey = e instanceof AppError ? e.key : 'error.internal';
        job.error = { error: key, message: ERROR_MESSAGES[key] };
        step(job.progress, 'archive.log.failed');
        if (!(e instanceof AppError)) log(`archive job ${job.id} (${kind} ${eventId}) failed`, e);
      })
      .finally(() => {
        job.endedAt = now();
        running.delete(job.id);
        // Finished jobs beyond the newest few are forgotten.
        const finished = [...jobs.values()].filter((j) => j.state !== 'running');
        for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_JOBS))) {
          jobs.delete(old.id);
        }
      });
    running.set(job.id, done);
    return structuredClone(job);
  }

  /** The changes log's entry of an archive move (`arch` from `old` to `value`). */
  const archAudit = (
    actor: Actor | null,
    eventId: string,
    action: string,
    old: unknown,
    value: unknown,
  ) => auditRow(now(), actor, eventId, action, `events/${eventId}/arch`, old, value);

  const changed = (eventId: string) =>
    bus.publish(eventTopic(eventId), {
      v: 1,
      type: 'event.changed',
      eventId,
      what: ['event', 'checkpoints', 'teams', 'results', 'registrations'],
    });

  /**
   * Copies the originals of the event's map images into the first tier beside evdata.json
   * (`map-{id}.{ext}`), each read back at once (one image in memory at a time); the names
   * written. A map whose original MAPS_DIR lost is logged and left out.
   */
  async function archiveMaps(
    eventId: string,
    entries: Record<string, { name: string; format: string }>,
    written: string[],
    step: Step,
  ): Promise<void> {
    for (const [mapId, entry] of Object.entries(entries)) {
      const bytes = await maps!.original({ id: mapId, format: entry.format });
      if (!bytes) {
        log(`archive of ${eventId}: map image ${mapId} has no original in MAPS_DIR`);
        step(0.6, 'archive.log.mapmissing', { name: entry.name });
        continue;
      }
      const name = archivedMapName(mapId, entry.format);
      written.push(name);
      await first.write(`${eventId}/${name}`, bytes);
      if (!sameBytes(await first.read(`${eventId}/${name}`), bytes)) {
        throw new AppError('archive.error.verify', 500);
      }
      step(0.6, 'archive.log.mapwrote', { name: entry.name, file: name, bytes: bytes.byteLength });
    }
  }

  /** none → a1: writes the files, reads them back, then removes the live rows in one transaction. */
  async function archiveWork(actor: Actor | null, eventId: string, step: Step) {
    const rows = await store.eventFiles.readAll(eventId);
    if (!rows) throw notFound();
    step(0.1, 'archive.log.read', { teams: rows.teams.length, kps: rows.checkpoints.length });
    const chunks = await store.archive.trackChunks(eventId);
    const index = chunks.map(chunkHead);
    const meta: ArchiveMeta = { archivedate: now(), version: ARCHIVE_VERSION };
    // The map images stay live (rows, files and tiles: an archived event keeps showing them);
    // evdata.json lists them and their originals are files of the archive.
    const mapimages = maps ? await maps.fileEntries(store, eventId) : {};
    const evdata = {
      ...rowsToFile(rows),
      ...(Object.keys(mapimages).length > 0 ? { mapimages } : {}),
    };
    const files: [string, Uint8Array][] = [
      [ARCHIVE_FILES.event, Buffer.from(JSON.stringify(evdata))],
      [ARCHIVE_FILES.tracks, encodeTracksFile(chunks)],
      [ARCHIVE_FILES.trackIndex(eventId), gzipSync(JSON.stringify(index))],
      [ARCHIVE_FILES.meta, Buffer.from(JSON.stringify(meta))],
    ];
    step(0.2, 'archive.log.tracks', { chunks: chunks.length });
    for (const [i, [name, bytes]] of files.entries()) {
      await first.write(`${eventId}/${name}`, bytes);
      step(0.2 + (0.4 * (i + 1)) / files.length, 'archive.log.wrote', {
        file: name,
        bytes: bytes.byteLength,
      });
    }
    // Read back before anything is removed: the files must give back what was written.
    const written = files.map(([name]) => name);
    try {
      for (const [name, bytes] of files) {
        if (!sameBytes(await first.read(`${eventId}/${name}`), bytes)) {
          throw new AppError('archive.error.verify', 500);
        }
      }
      await archiveMaps(eventId, mapimages, written, step);
    } catch (e) {
      for (const name of written) await first.remove(`${eventId}/${name}`);
      throw e;
    }
    step(0.75, 'archive.log.verified', { tier: first.name });
    await store.transaction(async (repos) => {
      await repos.archive.removeLive(eventId);
      await repos.archive.setArch(eventId, 'a1', now());
      await repos.audit.insert([archAudit(actor, eventId, 'archive.archive', null, 'a1')]);
    });
    parsed.delete(eventId);
    tracksRead.delete(eventId);
    step(1, 'archive.log.archived', { id: eventId });
    changed(eventId);
  }

  /**
   * Reads and parses an archived event's evdata.json, from the first tier or else the second;
   * undefined when it is in neither. Only its structure is checked (parseOwnEventFile).
   */
  async function archivedFile(eventId: string) {
    const name = `${eventId}/${ARCHIVE_FILES.event}`;
    const bytes = (await first.read(name)) ?? (await second?.read(name));
    if (!bytes) return undefined;
    const result = parseOwnEventFile(Buffer.from(bytes).toString('utf8'));
    if (!result.ok) throw new AppError('archive.error.missing', 409);
    return result.file;
  }

  /** a1 → none: puts the rows and tracks back in one transaction, then removes the files. */
  async function unarchiveWork(actor: Actor | null, eventId: string, step: Step) {
    const file = await archivedFile(eventId);
    if (!file) throw new AppError('archive.error.missing', 409);
    const rows = fileToRows(file, eventId, now());
    const tracks = await first.read(`${eventId}/${ARCHIVE_FILES.tracks}`);
    const chunks = tracks ? decodeTracksFile(tracks, eventId) : [];
    step(0.3, 'archive.log.read', { teams: rows.teams.length, kps: rows.checkpoints.length });
    await store.transaction(async (repos) => {
      if ((await repos.archive.liveRows(eventId)) > 0) {
        throw new AppError('archive.error.exists', 409);
      }
      await repos.eventFiles.insertArchived(rows);
      await repos.archive.insertChunks(chunks);
      await repos.archive.setArch(eventId, null, now());
      await repos.audit.insert([archAudit(actor, eventId, 'archive.unarchive', 'a1', null)]);
    });
    parsed.delete(eventId);
    tracksRead.delete(eventId);
    step(0.7, 'archive.log.restored', { chunks: chunks.length });
    changed(eventId);
    // The map images stayed live; what MAPS_DIR lost of them comes back from the archive first.
    const links = await store.mapImages.linksOf(eventId);
    const back = await restoreMaps(links.map((row) => ({ row, eventIds: [eventId] })));
    if (back > 0) step(0.8, 'archive.log.mapsback', { maps: back });
    const names = await first.list(eventId);
    for (const name of names) await first.remove(name);
    step(1, 'archive.log.removed', { files: names.length });
  }

  /**
   * Puts back what MAPS_DIR lost of these map images from the archives of their `eventIds`
   * (first tier, else second): an original (its sha256 checked), and a placed map whose original came back or
   * whose current tiles are gone is cut again as a new version. Returns how many are to be cut.
   */
  async function restoreMaps(
    lostMaps: { row: MapImageRow; eventIds: readonly string[] }[],
  ): Promise<number> {
    if (!maps) return 0;
    let cuts = 0;
    for (const { row, eventIds } of lostMaps) {
      const lost = await maps.lost(row);
      if (!lost.original && !lost.tiles) continue;
      if (lost.original) {
        let restored = false;
        for (const eventId of eventIds) {
          const name = `${eventId}/${archivedMapName(row.id, row.format)}`;
          const bytes = (await first.read(name)) ?? (await second?.read(name));
          if (bytes && (await maps.putBack(row, bytes))) {
            restored = true;
            break;
          }
        }
        if (!restored) {
          log(`map image ${row.id}: its original is gone and no archive holds it`);
          continue;
        }
        log(`map image ${row.id}: its original put back from an archive`);
      }
      if (await maps.cutAgain(store, row)) cuts++;
    }
    if (cuts > 0) await maps.startCuts();
    return cuts;
  }

  /** a1 → a2: copies every first-tier file to the second tier, reads each back, then sets a2. */
  async function moveWork(actor: Actor | null, eventId: string, to: ArchiveStorage, step: Step) {
    const names = await first.list(eventId);
    if (!names.includes(`${eventId}/${ARCHIVE_FILES.event}`)) {
      throw new AppError('archive.error.missing', 409);
    }
    for (const [i, name] of names.entries()) {
      const bytes = await first.read(name);
      if (!bytes) throw new AppError('archive.error.notmoved', 500);
      await to.write(name, bytes);
      if (!sameBytes(await to.read(name), bytes)) {
        throw new AppError('archive.error.notmoved', 500);
      }
      step((0.9 * (i + 1)) / names.length, 'archive.log.copied', {
        file: name,
        bytes: bytes.byteLength,
        tier: to.name,
      });
    }
    await store.transaction(async (repos) => {
      await repos.archive.setArch(eventId, 'a2', now());
      await repos.audit.insert([archAudit(actor, eventId, 'archive.move', 'a1', 'a2')]);
    });
    step(1, 'archive.log.moved', { id: eventId });
    changed(eventId);
  }

  /**
   * First-tier cleanup: every first-tier file must be on the second tier with the same size and
   * content (else nothing is deleted); then a2, and the first-tier files deleted one by one with
   * ARCHIVE_DELETE_DELAY_MS between them.
   */
  async function cleanupWork(actor: Actor | null, eventId: string, to: ArchiveStorage, step: Step) {
    const names = await first.list(eventId);
    step(0.05, 'archive.log.listed', { files: names.length, tier: first.name });
    for (const [i, name] of names.entries()) {
      const [mine, theirs] = await Promise.all([first.read(name), to.read(name)]);
      const problem = !theirs
        ? 'archive.log.notona2'
        : mine && mine.byteLength !== theirs.byteLength
          ? 'archive.log.size'
          : !sameBytes(mine, theirs)
            ? 'archive.log.content'
            : null;
      if (problem) {
        step(0.05, problem, { path: name });
        throw new AppError('archive.error.mismatch', 409);
      }
      step(0.05 + (0.45 * (i + 1)) / names.length, 'archive.log.same', { path: name });
    }
    const before = (await store.events.findById(eventId))?.arch ?? null;
    if (before !== 'a2') {
      await store.archive.setArch(eventId, 'a2', now());
      changed(eventId);
    }
    let failed = 0;
    for (const [i, name] of names.entries()) {
      if (i > 0) await sleep(ARCHIVE_DELETE_DELAY_MS);
      try {
        await first.remove(name);
        step(0.5 + (0.5 * (i + 1)) / names.length, 'archive.log.deleted', { path: name });
      } catch (e) {
        failed++;
        log(`archive cleanup of ${eventId}: could not delete ${name}`, e);
        step(0.5 + (0.5 * (i + 1)) / names.length, 'archive.log.deletefailed', { path: name });
      }
    }
    parsed.delete(eventId);
    tracksRead.delete(eventId);
    await store.audit.insert([
      archAudit(actor, eventId, 'archive.cleanup', before, {
        arch: 'a2',
        deleted: names.length - failed,
        failed,
      }),
    ]);
    if (failed > 0) step(1, 'archive.log.folder', { path: `${first.name}/${eventId}` });
    else step(1, 'archive.log.cleaned', { id: eventId, files: names.length });
  }

  /** The second tier, for the super admin: refused when there is none. */
  async function requireMover(actor: Actor | null, eventId: string) {
    if (!canMoveArchives(actor)) throw actor ? forbidden() : unauthorized();
    const row = await store.events.findById(eventId);
    if (!row) throw notFound();
    if (!second) throw new AppError('archive.error.nosecond', 409);
    if (busy(eventId)) throw new AppError('archive.error.busy', 409);
    return { row, to: second };
  }

  /**
   * An event's rows as the results read them: the live ones, or for an archived event the ones
   * in its evdata.json (with the event's own row, settings and admins, which stay live).
   */
  async function readRows(eventId: string): Promise<EventRows | undefined> {
    const live = await store.eventFiles.readAll(eventId);
    if (!live || live.event.arch === null) return live;
    let rows = parsed.get(eventId);
    if (!rows) {
      const file = await archivedFile(eventId);
      if (!file) return live;
      rows = fileToRows(file, eventId, 0);
      parsed.set(eventId, rows);
      for (const old of [...parsed.keys()].slice(0, Math.max(0, parsed.size - KEPT_ARCHIVES))) {
        parsed.delete(old);
      }
    }
    return { ...rows, event: live.event, data: live.data, admins: live.admins };
  }

  return {
    /**
     * Deletes an event's archive files from both tiers, once the event itself is deleted (a new
     * event of the same id must not find them). A file that cannot be deleted is logged.
     */
    async forget(eventId: string): Promise<void> {
      for (const tier of second ? [first, second] : [first]) {
        try {
          for (const file of await tier.list(eventId)) await tier.remove(file);
        } catch (error) {
          log(`could not delete the archive files of ${eventId} in ${tier.name}`, error);
        }
      }
    },

    /** Where the event's archive files are: its admins and the super admin. */
    async status(actor: Actor | null, eventId: string): Promise<ArchiveStatus> {
      const row = await requireAdmin(actor, eventId);
      return {
        arch: archiveState(row.arch),
        first: await first.list(eventId),
        second: second ? await second.list(eventId) : null,
        canMove: canMoveArchives(actor),
      };
    },

    /** Starts a1 → a2: the super admin, with a second tier. */
    async move(actor: Actor | null, eventId: string): Promise<JobView> {
      const { row, to } = await requireMover(actor, eventId);
      if (row.arch === null) throw new AppError('archive.error.notarchived', 409);
      if (row.arch !== 'a1') throw new AppError('archive.error.final', 409);
      return startJob('move', eventId, (step) => moveWork(actor, eventId, to, step));
    },

    /** Starts the first-tier cleanup of an archived event: the super admin, with a second tier. */
    async cleanup(actor: Actor | null, eventId: string): Promise<JobView> {
      const { row, to } = await requireMover(actor, eventId);
      if (row.arch === null) throw new AppError('archive.error.notarchived', 409);
      return startJob('cleanup', eventId, (step) => cleanupWork(actor, eventId, to, step));
    },

    /** Starts archiving (none → a1): the event's admins or a super admin. */
    async archive(actor: Actor | null, eventId: string): Promise<JobView> {
      const row = await requireAdmin(actor, eventId);
      if (row.arch !== null) throw new AppError('archive.error.archived', 409);
      if (busy(eventId)) throw new AppError('archive.error.busy', 409);
      return startJob('archive', eventId, (step) => archiveWork(actor, eventId, step));
    },

    /** Starts restoring (a1 → none); refused for a2, a missing evdata.json or live rows. */
    async unarchive(actor: Actor | null, eventId: string): Promise<JobView> {
      const row = await requireAdmin(actor, eventId);
      if (row.arch === null) throw new AppError('archive.error.notarchived', 409);
      if (row.arch !== 'a1') throw new AppError('archive.error.final', 409);
      if (busy(eventId)) throw new AppError('archive.error.busy', 409);
      // Listed, not read: the job reads the file (megabytes for a large event) once.
      if (!(await first.list(eventId)).includes(`${eventId}/${ARCHIVE_FILES.event}`)) {
        throw new AppError('archive.error.missing', 409);
      }
      if ((await store.archive.liveRows(eventId)) > 0) {
        throw new AppError('archive.error.exists', 409);
      }
      return startJob('unarchive', eventId, (step) => unarchiveWork(actor, eventId, step));
    },

    /** A job as it stands: to the event's admins (a super admin included). */
    async job(actor: Actor | null, jobId: string): Promise<JobView> {
      const job = jobs.get(jobId);
      if (!job) throw notFound();
      await requireAdmin(actor, job.eventId);
      return structuredClone(job);
    },

    /** The event's newest job, to watch again after the page was closed; null when none. */
    async latest(actor: Actor | null, eventId: string): Promise<JobView | null> {
      await requireAdmin(actor, eventId);
      const mine = [...jobs.values()].filter((j) => j.eventId === eventId);
      const job = mine.at(-1);
      return job ? structuredClone(job) : null;
    },

    readRows,

    /**
     * At a server's start: every map image whose original MAPS_DIR lost is put back from the
     * archive of an archived event that shows it (either tier; an a2 event is never restored,
     * so this is how its maps come back), and every map whose current tiles are gone is cut
     * again. Checks one file or two per map image.
     */
    async restoreLostMaps(): Promise<void> {
      if (!maps) return;
      const lostMaps: { row: MapImageRow; eventIds: string[] }[] = [];
      for (const id of await store.mapImages.allIds()) {
        const row = await store.mapImages.find(id);
        if (!row) continue;
        const lost = await maps.lost(row);
        if (!lost.original && !lost.tiles) continue;
        const eventIds: string[] = [];
        for (const eventId of await store.mapImages.eventsOf(id)) {
          if ((await store.events.findById(eventId))?.arch) eventIds.push(eventId);
        }
        lostMaps.push({ row, eventIds });
      }
      await restoreMaps(lostMaps);
    },

    /** Whether an archive job of the event runs now (on this server). */
    busy,

    /** Forgets what was read of an archived event's files, after they were rewritten. */
    forgetRead(eventId: string): void {
      parsed.delete(eventId);
      tracksRead.delete(eventId);
    },

    /**
     * Where an event's teams and tracks are read (track views, /listen history): the live rows,
     * or for an archived event its tracks.dat and evdata.json's teams, on either tier.
     */
    async trackRows(eventId: string): Promise<TrackRows> {
      const row = await store.events.findById(eventId);
      if (!row || row.arch === null) return store.tracks;
      let rows = tracksRead.get(eventId);
      if (!rows) {
        const name = `${eventId}/${ARCHIVE_FILES.tracks}`;
        const bytes = (await first.read(name)) ?? (await second?.read(name));
        const teams = (await readRows(eventId))?.teams ?? [];
        rows = memoryTrackRows(teams, bytes ? decodeTracksFile(bytes, eventId) : []);
        tracksRead.set(eventId, rows);
        for (const old of [...tracksRead.keys()].slice(
          0,
          Math.max(0, tracksRead.size - KEPT_ARCHIVES),
        )) {
          tracksRead.delete(old);
        }
      }
      return rows;
    },

    /** Settles when every running job has ended (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all(running.values());
    },
  };
}
export type ArchiveService = ReturnType<typeof archiveService>;
