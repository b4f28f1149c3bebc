import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  ERROR_MESSAGES,
  EVENT_FILE_MAX_PROBLEMS,
  issueProblems,
  MapImageFileEntry,
} from '@rada/core';
import type { ErrorKey, EventFileProblem, MapImageFormat } from '@rada/core';
import { placementProblem } from '@rada/core/mapImages';
import { newId } from '../db/ids.ts';
import { toJson } from '../db/json.ts';
import type { Repos } from '../db/store.ts';
import { AppError } from '../http/errors.ts';
import { FORMAT_EXT } from './mapFiles.ts';
import type { MapFiles } from './mapFiles.ts';
import { placementOf } from './mapImage.presenter.ts';
import type { MapImageRow } from './mapImage.repository.ts';
import { imageInfo, readMapUpload } from './mapRead.ts';

/**
 * An event's map images in and out of the event file and the archives (docs/map-images.md,
 * "Event file and archives"): the file's `mapimages` entries with the originals' bytes, a file's
 * entries read and checked before anything is written, their rows inserted in the event's
 * transaction and their files moved into place after its commit; a duplicate's links to the same
 * images; and the originals an archive keeps, put back when MAPS_DIR lost them.
 */
export interface MapTransferDeps {
  files: MapFiles;
  /** Starts the cuts of the maps left `cutting` (the map image service's `resume`). */
  startCuts: () => Promise<void>;
  log: (message: string, error?: unknown) => void;
}

/** How a file's map images join a new event. */
export interface MapImportOptions {
  /**
   * Whether each map keeps the file's `published` (the event imported as it is); a new event made
   * from another (template) shows its maps to its admins only until they publish them.
   */
  keepPublished: boolean;
  /** Added to every `publicFrom`: the new event's start minus the file's (0 for an import). */
  shiftMs: number;
  now: number;
}

/** A file's map images read and checked, in temporary files until the event's commit. */
export interface PreparedMaps {
  readonly count: number;
  /** Writes their rows for the new event (call inside its transaction). */
  insert(repos: Repos, eventId: string, ownerId: string | null): Promise<void>;
  /** After the commit: the images into their folders, and the placed ones' cuts started. */
  keep(): Promise<void>;
  /** Removes what is left of the temporary files (always; nothing after `keep`). */
  drop(): Promise<void>;
}

/** One entry read: its image in a temporary file. */
interface ReadMap {
  entry: MapImageFileEntry;
  temp: string;
  sha256: string;
  id?: string;
}

/** The name of a map image's original in an event's archive folder (next to evdata.json). */
export const archivedMapName = (mapId: string, format: string): string =>
  `map-${mapId}.${FORMAT_EXT[format as MapImageFormat] ?? 'bin'}`;

/** A publicFrom moved with the event (never before 1970). */
const shifted = (at: number | null, shiftMs: number) =>
  at === null ? null : Math.max(0, at + shiftMs);

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

export function mapTransfer({ files, startCuts, log }: MapTransferDeps) {
  /**
   * One entry's image into a temporary file and checked as an upload is (mapRead.ts: a JPEG,
   * PNG, GIF, WebP or TIFF that decodes whole), against what the entry says of it; its problems
   * are added to `problems` and the temporary file is returned either way (to be dropped).
   */
  async function readEntry(
    entry: MapImageFileEntry,
    path: string,
    problems: EventFileProblem[],
  ): Promise<ReadMap | string | null> {
    const problem = (where: string, message: string) =>
      problems.push({ path: where ? `${path}.${where}` : path, message });
    if (entry.data === undefined) {
      problem('data', 'the image itself is missing');
      return null;
    }
    const bytes = Buffer.from(entry.data, 'base64');
    if (bytes.byteLength !== entry.bytes) {
      problem('data', `holds ${bytes.byteLength} bytes, not ${entry.bytes}`);
      return null;
    }
    const sha256 = sha256Of(bytes);
    if (entry.sha256 !== undefined && entry.sha256 !== sha256) {
      problem('data', 'does not match its sha256');
      return null;
    }
    const temp = await files.tempPath('import');
    await fs.writeFile(temp, bytes, { flag: 'wx' });
    const refusal = (e: unknown) =>
      e instanceof AppError ? ERROR_MESSAGES[e.key] : 'the image cannot be read';
    try {
      const info = await imageInfo(temp);
      if (info.format !== entry.format) {
        problem('format', `the data is a ${info.format} image`);
        return temp;
      }
      if (info.width !== entry.width || info.height !== entry.height) {
        problem('width', `the image is ${info.width} × ${info.height} px`);
        return temp;
      }
      // Decoded whole (a truncated image is refused now, not when it is cut).
      await readMapUpload({ path: temp, bytes: bytes.byteLength, sha256 }, files.tempPath);
    } catch (e) {
      problem('data', refusal(e));
      return temp;
    }
    if (entry.placement) {
      const bad = placementProblem(entry.placement, entry.width, entry.height);
      if (bad) {
        problem('placement', ERROR_MESSAGES[bad as ErrorKey] ?? bad);
        return temp;
      }
    }
    return { entry, temp, sha256 };
  }

  return {
    /**
     * The event's map images as the event file holds them, keyed by id, in their order, without
     * their bytes (an archive's evdata.json as it is; an export adds them, `originals`).
     */
    async fileEntries(
      repos: Pick<Repos, 'mapImages'>,
      eventId: string,
    ): Promise<Record<string, MapImageFileEntry>> {
      const out: Record<string, MapImageFileEntry> = {};
      for (const row of await repos.mapImages.linksOf(eventId)) {
        out[row.id] = {
          name: row.name,
          format: row.format as MapImageFormat,
          width: row.width,
          height: row.height,
          bytes: row.bytes,
          sha256: row.sha256,
          placement: placementOf(row),
          published: row.published === 1,
          publicFrom: row.public_from,
          position: row.position,
        };
      }
      return out;
    },

    /**
     * Where the originals of these entries are in MAPS_DIR, by key; an entry whose original is
     * gone is left out (and logged): an export cannot carry it.
     */
    async originals(
      eventId: string,
      entries: Record<string, MapImageFileEntry>,
    ): Promise<Record<string, string>> {
      const out: Record<string, string> = {};
      for (const [mapId, entry] of Object.entries(entries)) {
        const file = files.original(mapId, entry.format);
        if (await exists(file)) out[mapId] = file;
        else log(`map image ${mapId} of ${eventId}: its original is gone, not exported`);
      }
      return out;
    },

    /** The entries that have an original, each with its bytes in base64 (read into memory). */
    async withData(
      entries: Record<string, MapImageFileEntry>,
      originals: Record<string, string>,
    ): Promise<Record<string, MapImageFileEntry>> {
      const out: Record<string, MapImageFileEntry> = {};
      for (const [mapId, file] of Object.entries(originals)) {
        out[mapId] = { ...entries[mapId]!, data: (await fs.readFile(file)).toString('base64') };
      }
      return out;
    },

    /**
     * Reads and checks a file's map images (the file's contents passed core's checkEventFile)
     * before anything is written: each image as an upload is checked, against its entry's
     * format, size and sha256, and its placement. Any problem: 400 eventfile.error.invalid with
     * every problem's path (`mapimages.{id}.…`), and nothing is left behind.
     */
    async prepare(
      mapimages: Record<string, unknown> | undefined,
      options: MapImportOptions,
    ): Promise<PreparedMaps> {
      const read: ReadMap[] = [];
      const temps: string[] = [];
      const drop = () =>
        Promise.all(temps.splice(0).map((t) => files.drop(t).catch(() => undefined))).then(
          () => undefined,
        );
      const problems: EventFileProblem[] = [];
      try {
        for (const [key, value] of Object.entries(mapimages ?? {})) {
          const path = `mapimages.${key}`;
          const parsed = MapImageFileEntry.safeParse(value);
          if (!parsed.success) {
            problems.push(...issueProblems(path, parsed.error));
            continue;
          }
          const result = await readEntry(parsed.data, path, problems);
          if (typeof result === 'string') temps.push(result);
          else if (result) {
            temps.push(result.temp);
            read.push(result);
          }
        }
      } catch (e) {
        await drop();
        throw e;
      }
      const first = problems[0];
      if (first) {
        await drop();
        throw new AppError(
          'eventfile.error.invalid',
          400,
          problems.slice(0, EVENT_FILE_MAX_PROBLEMS),
          `${first.path}: ${first.message}`,
        );
      }
      return {
        count: read.length,
        async insert(repos, eventId, ownerId) {
          for (const map of read) {
            const { entry } = map;
            map.id = newId();
            await repos.mapImages.insertMap({
              id: map.id,
              owner_id: ownerId,
              name: entry.name,
              format: entry.format,
              width: entry.width,
              height: entry.height,
              bytes: entry.bytes,
              sha256: map.sha256,
              placement: entry.placement ? toJson(entry.placement) : null,
              version: 1,
              state: entry.placement ? 'cutting' : 'unplaced',
              error: null,
              tiles: null,
              in_library: 0,
              created_at: options.now,
            });
            await repos.mapImages.insertLink({
              event_id: eventId,
              map_id: map.id,
              position: entry.position,
              // Only a placed map is ever published (the API refuses the others).
              published: options.keepPublished && entry.published && entry.placement ? 1 : 0,
              public_from: shifted(entry.publicFrom, options.shiftMs),
            });
          }
        },
        async keep() {
          for (const map of read) {
            if (!map.id) continue;
            try {
              await files.keep(map.temp, map.id, map.entry.format);
            } catch (e) {
              // The map stays `cutting` without its image: its cut fails and says so.
              log(`map image ${map.id}: the imported image was not kept`, e);
            }
          }
          if (read.some((m) => m.id && m.entry.placement)) await startCuts();
        },
        drop,
      };
    },

    /**
     * A duplicate shows the source event's map images: links to the same images (no bytes
     * copied; the name and placement stay shared, as for a map of the library), in the same
     * order, to its admins only until they publish them, publicFrom moved with the event's
     * start. Call inside the new event's transaction; returns how many.
     */
    async share(repos: Repos, fromEventId: string, toEventId: string, shiftMs: number) {
      const links = await repos.mapImages.linksOf(fromEventId);
      for (const link of links) {
        await repos.mapImages.insertLink({
          event_id: toEventId,
          map_id: link.id,
          position: link.position,
          published: 0,
          public_from: shifted(link.public_from, shiftMs),
        });
      }
      return links.length;
    },

    /** A map image's original as MAPS_DIR holds it; undefined when it is gone. */
    async original(row: Pick<MapImageRow, 'id' | 'format'>): Promise<Uint8Array | undefined> {
      try {
        return new Uint8Array(
          await fs.readFile(files.original(row.id, row.format as MapImageFormat)),
        );
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },

    /** What MAPS_DIR lacks of a map image: its original, or the tiles of its current version. */
    async lost(row: MapImageRow): Promise<{ original: boolean; tiles: boolean }> {
      const original = !(await exists(files.original(row.id, row.format as MapImageFormat)));
      const tiles = row.state === 'ready' && !(await exists(files.versionDir(row.id, row.version)));
      return { original, tiles };
    },

    /**
     * Writes an original back from an archive's copy; false (and nothing written) when the bytes
     * are not the map's (its sha256).
     */
    async putBack(row: MapImageRow, bytes: Uint8Array): Promise<boolean> {
      if (sha256Of(bytes) !== row.sha256) return false;
      const temp = await files.tempPath('restore');
      try {
        await fs.writeFile(temp, bytes, { flag: 'wx' });
        await files.keep(temp, row.id, row.format as MapImageFormat);
      } finally {
        await files.drop(temp).catch(() => undefined);
      }
      return true;
    },

    /**
     * Sets a placed map to be cut again as a new version (its tiles' URLs change with it); call
     * `startCuts` after. False for a map that is not placed.
     */
    async cutAgain(repos: Pick<Repos, 'mapImages'>, row: MapImageRow): Promise<boolean> {
      if (!placementOf(row)) return false;
      await repos.mapImages.updateMap(row.id, {
        version: row.version + 1,
        state: 'cutting',
        error: null,
        tiles: null,
      });
      return true;
    },

    startCuts,
  };
}
export type MapTransfer = ReturnType<typeof mapTransfer>;
