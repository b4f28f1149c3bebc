import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import { bulkBody, largeBody, rateLimited } from '../http/limits.ts';
import type { ParticipantService } from './participant.service.ts';

/** A Content-Disposition header that keeps a non-ASCII file name (RFC 6266). */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The participant app's API (declared in core's contract/participant.ts). */
export async function participantRoutes(
  api: FastifyInstance,
  service: ParticipantService,
): Promise<void> {
  declare(api, 'myTeams', (req) => service.myTeams(req.actor));

  declare(api, 'play', (req) => service.play(req.actor, req.params.id, req.query.teamId));

  // A phone back online sends every mark it kept.
  declare(api, 'mark', (req) => service.mark(req.actor, req.params.id, req.body), bulkBody(api));

  declare(api, 'startTeam', (req) => service.start(req.actor, req.params.id, req.body));

  declare(api, 'finishTeam', (req) => service.finish(req.actor, req.params.id, req.body));

  // An upload's body may be large (the device's local database).
  const uploadOptions = { ...largeBody(api, 'deviceOwner'), ...rateLimited(api, 'upload') };
  declare(
    api,
    'uploadDeviceFile',
    (req) => service.upload(req.actor, req.params.deviceId, req.body),
    uploadOptions,
  );

  declare(api, 'uploads', (req) => service.uploads(req.actor, req.params.id));

  declare(api, 'downloadUpload', async (req, reply) => {
    const file = await service.download(req.actor, req.params.id, req.params.uploadId);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.filename))
      .send(file.content);
  });
}
