import fs from 'node:fs/promises';
import sharp from 'sharp';
import { MAP_IMAGES_PER_EVENT, MAP_IMAGE_MAX_PIXELS, eventTopic } from '@rada/core';
import type {
  ErrorKey,
  EventMapImageView,
  EventMapPatch,
  LibraryMapView,
  MapImageFormat,
  MapPlacement,
  TileGrid,
} from '@rada/core';
import { placementProblem } from '@rada/core/mapImages';
import type { Actor } from '../auth/actor.ts';
import { auditRow } from '../db/audit.ts';
import { newId } from '../db/ids.ts';
import { toJson } from '../db/json.ts';
import type { Repos, Store } from '../db/store.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canEditEvent } from '../policies/event.policy.ts';
import type { Bus } from '../realtime/bus.ts';
import { loadEventAccess, requireEventAdmin } from '../teams/eventAdmin.ts';
import { cutQueue, timedOut } from './cutQueue.ts';
import type { CutTiles, QueuedCut } from './cutQueue.ts';
import type { MapFiles, ReceivedFile } from './mapFiles.ts';
import {
  presentEventMap,
  presentLibraryMap,
  placementOf,
  tileSetsOf,
} from './mapImage.presenter.ts';
import type { LinkedMapRow, TileAccessRow } from './mapImage.repository.ts';
import { readMapUpload } from './mapRead.ts';
import { extentCache, gridExtent, tileInRange } from './tileRange.ts';
import { cutGrids } from './grids.ts';
import { canSeeMapImage } from './mapImage.policy.ts';

export interface MapImageServiceDeps {
  store: Store;
  /** Tells the event's pages that its maps changed (`what: ['maps']`). */
  bus: Bus;
  now: () => number;
  files: MapFiles;
  /** The tile cutter (mapImages/cut/, off the event loop). */
  cut: CutTiles;
  log: (message: string, error?: unknown) => void;
  /** How long a cut may take (cutQueue.ts's CUT_TIMEOUT_MS unless a test says otherwise). */
  cutTimeoutMs?: number;
}

/** A file the tile route sends: a stored tile, or the shared empty one. */
export type TileAnswer =
  | { kind: 'file'; path: string; cache: 'public' | 'private' }
  | { kind: 'empty'; body: Buffer; cache: 'public' | 'private' };

/** The scaled image of the hand-placement screen. */
export interface ImageAnswer {
  path: string;
  type: 'image/jpeg' | 'image/png';
}

/** Widths the placement screen's image is made (and kept) in: the largest not over the asked. */
const PREVIEW_WIDTHS = [256, 512, 1024, 2048, 4096];

/**
 * The event's own map images (issue 37; docs/map-images.md, Server): upload and read of the
 * file, placement, the cut into tiles (one at a time, off the event loop), publishing, the
 * tiles themselves, and the uploader's library. Event admins change an event's maps; others see
 * a map once it is published and its publicFrom has come.
 */
export function mapImageService({
  store,
  bus,
  now,
  files,
  cut,
  log,
  cutTimeoutMs,
}: MapImageServiceDeps) {
  const changed = (eventIds: readonly string[]) => {
    for (const eventId of eventIds) {
      bus.publish(eventTopic(eventId), { v: 1, type: 'event.changed', eventId, what: ['maps'] });
    }
  };
  const audit = (
    actor: Actor | null,
    eventId: string,
    action: string,
    mapId: string,
    old: unknown,
    value: unknown,
  ) => auditRow(now(), actor, eventId, action, `maps/${mapId}`, old, value);

  const queue = cutQueue(runCut, log, cutTimeoutMs);
  const extents = extentCache();
  let emptyTile: Promise<Buffer> | null = null;
  const previews = new Map<string, Promise<void>>();

  /** Writes of one event's maps take turns on its row, so the count check sees every link. */
  function write<T>(eventId: string, fn: (repos: Repos) => Promise<T>): Promise<T> {
    return store.transaction(async (repos) => {
      await repos.events.update(eventId, { updated_at: now() });
      return fn(repos);
    });
  }

  /** The map image as the event shows it; 404 when it does not. */
  async function linked(repos: Repos, eventId: string, mapId: string): Promise<LinkedMapRow> {
    const row = await repos.mapImages.link(eventId, mapId);
    if (!row) throw notFound();
    return row;
  }

  const view = (row: LinkedMapRow) => presentEventMap(row, queue.progressOf(row.id));

  /** An event admin's change of the event's maps: refused (409) once the event is archived. */
  async function requireMapWrite(actor: Actor | null, eventId: string): Promise<void> {
    const row = await requireEventAdmin(store, actor, eventId);
    if (row.arch !== null) throw new AppError('maps.error.archived', 409);
  }

  /** Whether the caller administers the event (404 when there is no event). */
  async function adminOf(actor: Actor | null, eventId: string): Promise<boolean> {
    const { access } = await loadEventAccess(store, actor, eventId);
    return canEditEvent(access);
  }

  /**
   * One cut: the image at the queued version into a fresh folder, then into place. Servers
   * sharing a database take turns on a map (one's start resumes the cut another is running):
   * the second finds it cut and leaves it.
   */
  function runCut(job: QueuedCut, onProgress: (p: number) => void, signal: AbortSignal) {
    return store.exclusive(`mapcut:${job.mapId}`, () => cutNow(job, onProgress, signal));
  }

  async function cutNow(
    job: QueuedCut,
    onProgress: (p: number) => void,
    signal: AbortSignal,
  ): Promise<void> {
    const row = await store.mapImages.find(job.mapId);
    if (!row || row.version !== job.version || row.state !== 'cutting') return;
    const placement = placementOf(row);
    let result: Awaited<ReturnType<CutTiles>> | null = null;
    let outDir: string | null = null;
    let failure: unknown = null;
    try {
      if (!placement) throw new Error('no placement');
      outDir = await files.cutDir(row.id);
      result = await cut(
        {
          imagePath: files.original(row.id, row.format as MapImageFormat),
          width: row.width,
          height: row.height,
          placement,
          outDir,
          grids: cutGrids(placement, row.width, row.height),
        },
        onProgress,
        signal,
      );
      await files.settle(outDir, row.id, row.version);
      outDir = null;
      // Earlier versions' tiles are served no more (the map has been 'cutting' since).
      await files.removeOtherVersions(row.id, row.version).catch(() => undefined);
    } catch (e) {
      failure = e;
    } finally {
      if (outDir) await fs.rm(outDir, { recursive: true, force: true }).catch(() => undefined);
    }
    // Aborted: a newer placement (its own cut follows), the map's removal, or the server stopping
    // (the row stays 'cutting' and the next start cuts it again). A cut that took too long
    // fails, so that no start tries it again and again.
    if (signal.aborted && !timedOut(signal)) return;
    if (timedOut(signal)) failure = new Error(`cut timed out`, { cause: failure });
    const stored = await store.mapImages.finishCut(
      row.id,
      row.version,
      result
        ? { state: 'ready', error: null, tiles: toJson(result.grids) }
        : { state: 'failed', error: 'maps.error.cut', tiles: null },
    );
    if (failure) log(`map image ${row.id} v${row.version}: cut failed`, failure);
    if (stored) changed(await store.mapImages.eventsOf(row.id));
  }

  /** Starts the cut of a map's current version (after the commit that asked for it). */
  const startCut = (mapId: string, version: number) => queue.add({ mapId, version });

  /** Removes the rows and files of those maps no event shows and no library keeps. */
  async function forget(mapIds: readonly string[]): Promise<void> {
    if (mapIds.length === 0) return;
    const gone = await store.transaction((repos) => repos.mapImages.deleteUnused(mapIds));
    for (const id of gone) {
      queue.drop(id);
      await files.remove(id).catch((e: unknown) => log(`map image ${id}: files not removed`, e));
    }
  }

  /** A new placement checked against the image: 400 with its problem's key. */
  function checkedPlacement(p: MapPlacement, width: number, height: number): MapPlacement {
    const problem = placementProblem(p, width, height);
    if (problem) throw new AppError(problem as ErrorKey, 400);
    return p;
  }

  /**
   * The event's map images as an admin or another reader sees them, in their order, and the
   * earliest publicFrom still to come of those published that the reader does not see yet
   * (admins see every image already: null for them), from one read.
   */
  async function visible(
    eventId: string,
    admin: boolean,
  ): Promise<{ images: EventMapImageView[]; changeAt: number | null }> {
    const rows = await store.mapImages.linksOf(eventId);
    const at = now();
    const coming = admin
      ? []
      : rows
          .filter((r) => r.published === 1 && r.public_from !== null && r.public_from > at)
          .map((r) => r.public_from!);
    return {
      images: rows.filter((r) => canSeeMapImage(admin, r, at)).map(view),
      changeAt: coming.length > 0 ? Math.min(...coming) : null,
    };
  }

  return {
    /** The event's map images the caller may see (admins: all), in their order. */
    async list(actor: Actor | null, eventId: string): Promise<EventMapImageView[]> {
      return (await visible(eventId, await adminOf(actor, eventId))).images;
    },

    /** The event's map images as a reader sees them, and when that changes (GET …/map). */
    visible,

    /**
     * A new map image of the event from an uploaded file (mapRead.ts): event admins only. The
     * rows are committed first, then the file moved to its place; any refusal removes the upload.
     * A placed map (KMZ, GeoTIFF) starts its cut.
     */
    async upload(
      actor: Actor | null,
      eventId: string,
      name: string,
      file: ReceivedFile,
    ): Promise<EventMapImageView> {
      const temps = [file.path];
      try {
        await requireMapWrite(actor, eventId);
        if ((await store.mapImages.countOf(eventId)).count >= MAP_IMAGES_PER_EVENT) {
          throw new AppError('maps.error.toomany', 409);
        }
        const read = await readMapUpload(file, files.tempPath);
        if (read.made) temps.push(read.image.path);
        if (read.overlays?.taken === 'largest') {
          log(`map image upload to ${eventId}: ${read.overlays.count} overlays, largest taken`);
        }
        const id = newId();
        const placed = read.placement !== null;
        const row = {
          id,
          owner_id: actor!.uid,
          name,
          format: read.format,
          width: read.width,
          height: read.height,
          bytes: read.image.bytes,
          sha256: read.image.sha256,
          placement: placed ? toJson(read.placement) : null,
          version: 1,
          state: placed ? 'cutting' : 'unplaced',
          error: null,
          tiles: null,
          in_library: 0,
          created_at: now(),
        };
        await write(eventId, async (repos) => {
          const { count, lastPosition } = await repos.mapImages.countOf(eventId);
          if (count >= MAP_IMAGES_PER_EVENT) throw new AppError('maps.error.toomany', 409);
          await repos.mapImages.insertMap(row);
          await repos.mapImages.insertLink({
            event_id: eventId,
            map_id: id,
            position: lastPosition + 1,
            published: 0,
            public_from: null,
          });
          await repos.audit.insert([
            audit(actor, eventId, 'event.map.add', id, undefined, {
              name: row.name,
              format: row.format,
              width: row.width,
              height: row.height,
              placed,
            }),
          ]);
        });
        await files.keep(read.image.path, id, read.format);
        if (placed) startCut(id, 1);
        changed([eventId]);
        return view(await linked(store, eventId, id));
      } finally {
        await Promise.all(temps.map((t) => files.drop(t).catch(() => undefined)));
      }
    },

    /**
     * Changes a map image of the event (admins): its name, placement (a new version, cut anew),
     * publishing, publicFrom and position (its place among the event's maps, 0 first: the others
     * are renumbered around it in the same transaction); inLibrary by its owner only (403 for
     * others).
     * Publishing a map that is not placed is refused (409 maps.error.notplaced).
     */
    async patch(
      actor: Actor | null,
      eventId: string,
      mapId: string,
      body: EventMapPatch,
    ): Promise<EventMapImageView> {
      await requireMapWrite(actor, eventId);
      const cutVersion = await write(eventId, async (repos) => {
        const row = await linked(repos, eventId, mapId);
        if (body.inLibrary !== undefined && row.owner_id !== actor!.uid && !actor!.superAdmin) {
          throw forbidden();
        }
        const placement =
          body.placement === undefined
            ? undefined
            : checkedPlacement(body.placement, row.width, row.height);
        const placed = placement !== undefined || row.placement !== null;
        if (body.published === true && !placed) throw new AppError('maps.error.notplaced', 409);
        const version = placement ? row.version + 1 : row.version;
        await repos.mapImages.updateMap(mapId, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.inLibrary !== undefined ? { in_library: body.inLibrary ? 1 : 0 } : {}),
          ...(placement
            ? { placement: toJson(placement), version, state: 'cutting', error: null, tiles: null }
            : {}),
        });
        await repos.mapImages.updateLink(eventId, mapId, {
          ...(body.published !== undefined ? { published: body.published ? 1 : 0 } : {}),
          ...(body.publicFrom !== undefined ? { public_from: body.publicFrom } : {}),
        });
        if (body.position !== undefined) {
          // Its place among the event's maps: the others keep their order around it.
          const order = (await repos.mapImages.linksOf(eventId))
            .map((r) => r.id)
            .filter((id) => id !== mapId);
          order.splice(Math.min(body.position, order.length), 0, mapId);
          await repos.mapImages.setOrder(eventId, order);
        }
        const logged = [];
        if (placement) {
          logged.push(audit(actor, eventId, 'event.map.place', mapId, placementOf(row), placement));
        }
        if (
          (body.published !== undefined && body.published !== (row.published === 1)) ||
          (body.publicFrom !== undefined && body.publicFrom !== row.public_from)
        ) {
          logged.push(
            audit(
              actor,
              eventId,
              'event.map.publish',
              mapId,
              { published: row.published === 1, publicFrom: row.public_from },
              {
                published: body.published ?? row.published === 1,
                publicFrom: body.publicFrom === undefined ? row.public_from : body.publicFrom,
              },
            ),
          );
        }
        if (body.name !== undefined && body.name !== row.name) {
          logged.push(audit(actor, eventId, 'event.map.rename', mapId, row.name, body.name));
        }
        if (logged.length > 0) await repos.audit.insert(logged);
        return placement ? version : null;
      });
      if (cutVersion !== null) startCut(mapId, cutVersion);
      changed(
        body.name !== undefined || body.placement !== undefined
          ? await store.mapImages.eventsOf(mapId)
          : [eventId],
      );
      return view(await linked(store, eventId, mapId));
    },

    /** Takes a map image out of the event (admins); its files go when nothing uses it. */
    async remove(actor: Actor | null, eventId: string, mapId: string): Promise<void> {
      await requireMapWrite(actor, eventId);
      await write(eventId, async (repos) => {
        const row = await linked(repos, eventId, mapId);
        await repos.mapImages.deleteLink(eventId, mapId);
        await repos.audit.insert([
          audit(actor, eventId, 'event.map.remove', mapId, { name: row.name }, undefined),
        ]);
      });
      changed([eventId]);
      await forget([mapId]);
    },

    /**
     * The image scaled to at most `width` px wide (and never wider than it is), for placing it
     * by hand: admins of the event. Kept on disk per width step (PREVIEW_WIDTHS), so the
     * hand-placement screen's repeated reads cost a file read.
     */
    async image(
      actor: Actor | null,
      eventId: string,
      mapId: string,
      width: number,
    ): Promise<ImageAnswer> {
      await requireEventAdmin(store, actor, eventId);
      const row = await linked(store, eventId, mapId);
      const step = PREVIEW_WIDTHS.filter((w) => w <= width).pop() ?? PREVIEW_WIDTHS[0]!;
      const target = Math.min(step, row.width);
      const original = files.original(row.id, row.format as MapImageFormat);
      const alpha = row.format !== 'jpeg' && (await sharp(original).metadata()).hasAlpha;
      const ext = alpha ? 'png' : 'jpg';
      const out = files.preview(row.id, target, ext);
      const key = out;
      const exists = await fs.stat(out).then(
        () => true,
        () => false,
      );
      if (!exists) {
        let making = previews.get(key);
        if (!making) {
          making = (async () => {
            const tmp = await files.tempPath('preview');
            try {
              // As shown (EXIF orientation applied): the size the placement is made on.
              const resized = sharp(original, {
                limitInputPixels: MAP_IMAGE_MAX_PIXELS,
                autoOrient: row.format !== 'tiff',
              }).resize({
                width: target,
                withoutEnlargement: true,
              });
              await (alpha ? resized.png() : resized.jpeg({ quality: 85 })).toFile(tmp);
              await fs.rename(tmp, out);
            } finally {
              await files.drop(tmp);
              previews.delete(key);
            }
          })();
          previews.set(key, making);
        }
        await making;
      }
      return { path: out, type: alpha ? 'image/png' : 'image/jpeg' };
    },

    /**
     * One tile: 404 unless the caller may see the map now (never 403: a map not yet public is
     * not revealed) and the version is the current one; a tile inside the cut's range that was
     * not written (all transparent) is the shared empty tile.
     */
    async tile(
      actor: Actor | null,
      eventId: string,
      mapId: string,
      version: number,
      grid: TileGrid,
      z: number,
      x: number,
      y: number,
    ): Promise<TileAnswer> {
      const row: TileAccessRow | undefined = await store.mapImages.tileAccess(eventId, mapId);
      if (!row || row.state !== 'ready' || row.version !== version) throw notFound();
      const at = now();
      const open = canSeeMapImage(false, row, at);
      if (!open && !(actor && (await adminOf(actor, eventId)))) throw notFound();
      const cache = open ? 'public' : 'private';
      const path = files.tile(mapId, version, grid, z, x, y);
      if (
        await fs.stat(path).then(
          (s) => s.isFile(),
          () => false,
        )
      ) {
        return { kind: 'file', path, cache };
      }
      const set = tileSetsOf(row)[grid];
      if (!set) throw notFound();
      const extent = extents(`${mapId}/${version}/${grid}`, () => {
        const placement = placementOf(row);
        return placement ? gridExtent(placement, row.width, row.height, grid) : null;
      });
      if (!extent || !tileInRange(extent, set, grid, z, x, y)) throw notFound();
      emptyTile ??= sharp({
        create: {
          width: 256,
          height: 256,
          channels: 4,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        },
      })
        .webp({ lossless: true })
        .toBuffer();
      return { kind: 'empty', body: await emptyTile, cache };
    },

    /** The caller's library: their kept map images. */
    async library(actor: Actor | null): Promise<LibraryMapView[]> {
      if (!actor) throw unauthorized();
      return (await store.mapImages.libraryOf(actor.uid)).map(presentLibraryMap);
    },

    /**
     * A map image of the caller's library into the event (its admins): shown unpublished, last;
     * 404 when the caller keeps no such map; the event's one when it shows it already.
     */
    async addFromLibrary(
      actor: Actor | null,
      eventId: string,
      mapId: string,
    ): Promise<{ created: boolean; map: EventMapImageView }> {
      await requireMapWrite(actor, eventId);
      const created = await write(eventId, async (repos) => {
        const map = await repos.mapImages.find(mapId);
        if (!map || map.owner_id !== actor!.uid || map.in_library !== 1) throw notFound();
        if (await repos.mapImages.link(eventId, mapId)) return false;
        const { count, lastPosition } = await repos.mapImages.countOf(eventId);
        if (count >= MAP_IMAGES_PER_EVENT) throw new AppError('maps.error.toomany', 409);
        await repos.mapImages.insertLink({
          event_id: eventId,
          map_id: mapId,
          position: lastPosition + 1,
          published: 0,
          public_from: null,
        });
        await repos.audit.insert([
          audit(actor, eventId, 'event.map.add', mapId, undefined, {
            name: map.name,
            library: true,
          }),
        ]);
        return true;
      });
      if (created) changed([eventId]);
      return { created, map: view(await linked(store, eventId, mapId)) };
    },

    /** Takes a map out of the caller's library; its files go when no event shows it. */
    async removeFromLibrary(actor: Actor | null, mapId: string): Promise<void> {
      if (!actor) throw unauthorized();
      const map = await store.mapImages.find(mapId);
      if (!map || map.owner_id !== actor.uid || map.in_library !== 1) throw notFound();
      await store.mapImages.updateMap(mapId, { in_library: 0 });
      await forget([mapId]);
    },

    /** After an event's deletion: the maps it showed go when nothing else uses them. */
    forget,

    /** Cuts again the maps a stopped server left mid-cut (called once at start). */
    async resume(): Promise<void> {
      for (const row of await store.mapImages.cutting()) startCut(row.id, row.version);
    },

    /** Resolves when no cut waits or runs (tests). */
    idle: () => queue.idle(),

    /** Stops cutting (server shutdown); an unfinished cut is cut again at the next start. */
    close: () => queue.close(),
  };
}
export type MapImageService = ReturnType<typeof mapImageService>;
