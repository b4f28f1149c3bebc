import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AddLibraryMapBody,
  EventMapPatch,
  MAP_IMAGE_MAX_BYTES,
  SHORTLINK_MAX_LENGTH,
  TILE_GRIDS,
  TILE_GRID_DEFS,
} from '@rada/core';
import { AppError, parseWith } from '../http/errors.ts';
import { mapImageBody, rateLimited } from '../http/limits.ts';
import type { MapFiles, ReceivedFile } from './mapFiles.ts';
import type { MapImageService, TileAnswer } from './mapImage.service.ts';

/** The types an upload may come as; the bytes decide what it is (mapRead.ts). */
export const MAP_UPLOAD_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/tiff',
  'application/vnd.google-earth.kmz',
  'application/vnd.google-earth.kml+xml',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
];

const MapId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const EventParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const MapParams = EventParams.extend({ mapId: MapId });
const LibraryParams = z.object({ mapId: MapId });
const UploadQuery = z.object({ name: z.string().trim().min(1).max(200) });
const ImageQuery = z.object({ width: z.coerce.number().int().min(1).max(4096) });
const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
const TileParams = MapParams.extend({
  version: whole(1, 1_000_000_000),
  grid: z.enum(TILE_GRIDS),
  z: whole(0, Math.max(...Object.values(TILE_GRID_DEFS).map((g) => g.maxZoom))),
  x: whole(-(2 ** 30), 2 ** 30),
  y: z
    .string()
    .regex(/^-?\d{1,9}\.webp$/)
    .transform((s) => Number(s.slice(0, -5))),
});

/** An upload as its parser stored it; a JSON body can never be one. */
class StoredUpload implements ReceivedFile {
  constructor(
    readonly path: string,
    readonly bytes: number,
    readonly sha256: string,
  ) {}
}

const YEAR_S = 31_536_000;

/** Sends a tile with its caching: immutable (its URL carries the version), public once open. */
function sendTile(reply: FastifyReply, tile: TileAnswer) {
  reply.header('cache-control', `${tile.cache}, max-age=${YEAR_S}, immutable`).type('image/webp');
  return reply.send(tile.kind === 'file' ? createReadStream(tile.path) : tile.body);
}

/** The event's own map images: docs/api.md, Map images. */
export async function mapImageRoutes(
  api: FastifyInstance,
  maps: MapImageService,
  files: MapFiles,
): Promise<void> {
  api.get('/events/:id/maps', (req) => maps.list(req.actor, parseWith(EventParams, req.params).id));

  // The upload takes the file's bytes as they are, in a scope of its own (the rest of the API
  // takes JSON): streamed to a temporary file under MAPS_DIR as it arrives, never held whole.
  await api.register(async (scope) => {
    scope.addContentTypeParser(MAP_UPLOAD_TYPES, (req: FastifyRequest, payload, done) => {
      if (Number(req.headers['content-length'] ?? 0) > MAP_IMAGE_MAX_BYTES) {
        done(new AppError('error.toolarge', 413), undefined);
        return;
      }
      files.receive(payload, MAP_IMAGE_MAX_BYTES).then(
        (f) => done(null, new StoredUpload(f.path, f.bytes, f.sha256)),
        (e: unknown) => done(e as Error, undefined),
      );
    });
    // Refused before the route ran (a bad parameter's text): the upload goes all the same.
    scope.addHook('onResponse', async (req) => {
      if (req.body instanceof StoredUpload) await files.drop(req.body.path).catch(() => undefined);
    });
    const options = { ...mapImageBody(scope), ...rateLimited(scope, 'upload') };
    scope.post('/events/:id/maps', options, async (req, reply) => {
      const body = req.body;
      if (!(body instanceof StoredUpload)) throw new AppError('error.mediatype', 415);
      try {
        const { id } = parseWith(EventParams, req.params);
        const { name } = parseWith(UploadQuery, req.query);
        return reply.status(201).send(await maps.upload(req.actor, id, name, body));
      } finally {
        await files.drop(body.path);
      }
    });
  });

  api.patch('/events/:id/maps/:mapId', (req) => {
    const p = parseWith(MapParams, req.params);
    return maps.patch(req.actor, p.id, p.mapId, parseWith(EventMapPatch, req.body));
  });

  api.delete('/events/:id/maps/:mapId', async (req, reply) => {
    const p = parseWith(MapParams, req.params);
    await maps.remove(req.actor, p.id, p.mapId);
    return reply.status(204).send();
  });

  api.get('/events/:id/maps/:mapId/image', async (req, reply) => {
    const p = parseWith(MapParams, req.params);
    const { width } = parseWith(ImageQuery, req.query);
    const image = await maps.image(req.actor, p.id, p.mapId, width);
    return reply
      .header('cache-control', 'private, max-age=3600')
      .type(image.type)
      .send(createReadStream(image.path));
  });

  api.get('/events/:id/maps/:mapId/tiles/:version/:grid/:z/:x/:y', async (req, reply) => {
    const p = parseWith(TileParams, req.params);
    const tile = await maps.tile(req.actor, p.id, p.mapId, p.version, p.grid, p.z, p.x, p.y);
    return sendTile(reply, tile);
  });

  api.get('/maps/library', (req) => maps.library(req.actor));

  api.post('/events/:id/maps/library', async (req, reply) => {
    const { id } = parseWith(EventParams, req.params);
    const { mapId } = parseWith(AddLibraryMapBody, req.body);
    const added = await maps.addFromLibrary(req.actor, id, mapId);
    return reply.status(added.created ? 201 : 200).send(added.map);
  });

  api.delete('/maps/library/:mapId', async (req, reply) => {
    await maps.removeFromLibrary(req.actor, parseWith(LibraryParams, req.params).mapId);
    return reply.status(204).send();
  });
}
