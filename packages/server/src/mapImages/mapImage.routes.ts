import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAP_IMAGE_MAX_BYTES, MAP_UPLOAD_TYPES } from '@rada/core';
import { AppError } from '../http/errors.ts';
import { declare } from '../http/contract.ts';
import { mapImageBody, rateLimited } from '../http/limits.ts';
import type { MapFiles, ReceivedFile } from './mapFiles.ts';
import type { MapImageService, TileAnswer } from './mapImage.service.ts';

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

/** The event's own map images (declared in core's contract/mapImages.ts; docs/api.md). */
export async function mapImageRoutes(
  api: FastifyInstance,
  maps: MapImageService,
  files: MapFiles,
): Promise<void> {
  declare(api, 'mapImages', (req) => maps.list(req.actor, req.params.id));

  // The upload takes the file's bytes as they are, in a scope of its own (the rest of the API
  // takes JSON): streamed to a temporary file under MAPS_DIR as it arrives, never held whole.
  await api.register(async (scope) => {
    scope.addContentTypeParser([...MAP_UPLOAD_TYPES], (req: FastifyRequest, payload, done) => {
      if (Number(req.headers['content-length'] ?? 0) > MAP_IMAGE_MAX_BYTES) {
        done(new AppError('error.toolarge', 413), undefined);
        return;
      }
      files.receive(payload, MAP_IMAGE_MAX_BYTES).then(
        (f) => done(null, new StoredUpload(f.path, f.bytes, f.sha256)),
        (e: unknown) => done(e as Error, undefined),
      );
    });
    // Refused before the route ran (a parameter that fails its schema): the upload goes all
    // the same, before the answer does (so a caller that has the answer finds no file left).
    scope.addHook('onSend', async (req, _reply, payload) => {
      if (req.body instanceof StoredUpload) await files.drop(req.body.path).catch(() => undefined);
      return payload;
    });
    const options = { ...mapImageBody(scope), ...rateLimited(scope, 'upload') };
    declare(
      scope,
      'uploadMapImage',
      async (req) => {
        const body: unknown = req.body;
        if (!(body instanceof StoredUpload)) throw new AppError('error.mediatype', 415);
        try {
          return await maps.upload(req.actor, req.params.id, req.query.name, body);
        } finally {
          await files.drop(body.path);
        }
      },
      options,
    );
  });

  declare(api, 'patchMapImage', (req) =>
    maps.patch(req.actor, req.params.id, req.params.mapId, req.body),
  );

  declare(api, 'deleteMapImage', (req) => maps.remove(req.actor, req.params.id, req.params.mapId));

  declare(api, 'mapImagePreview', async (req, reply) => {
    const { id, mapId } = req.params;
    const image = await maps.image(req.actor, id, mapId, req.query.width);
    return reply
      .header('cache-control', 'private, max-age=3600')
      .type(image.type)
      .send(createReadStream(image.path));
  });

  declare(api, 'mapTile', async (req, reply) => {
    const p = req.params;
    const tile = await maps.tile(req.actor, p.id, p.mapId, p.version, p.grid, p.z, p.x, p.y);
    return sendTile(reply, tile);
  });

  declare(api, 'mapLibrary', (req) => maps.library(req.actor));

  declare(api, 'addLibraryMap', async (req, reply) => {
    const added = await maps.addFromLibrary(req.actor, req.params.id, req.body.mapId);
    // 200 with the event's map when it shows it already: the status is the handler's own.
    return reply.status(added.created ? 201 : 200).send(added.map);
  });

  declare(api, 'removeLibraryMap', (req) => maps.removeFromLibrary(req.actor, req.params.mapId));
}
