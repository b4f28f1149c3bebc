import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { ArchiveService } from './archive.service.ts';
import type { ArchiveToolsService } from './archiveTools.service.ts';

/**
 * Archiving, restoring, moving to the second tier and cleaning up an event, and watching the job
 * (declared in core's contract/archive.ts).
 */
export async function archiveRoutes(api: FastifyInstance, archive: ArchiveService) {
  declare(api, 'archive', (req) => archive.archive(req.actor, req.params.id));
  declare(api, 'unarchive', (req) => archive.unarchive(req.actor, req.params.id));
  declare(api, 'archiveStatus', (req) => archive.status(req.actor, req.params.id));
  declare(api, 'archiveMove', (req) => archive.move(req.actor, req.params.id));
  declare(api, 'archiveCleanup', (req) => archive.cleanup(req.actor, req.params.id));
  declare(api, 'archiveJob', (req) => archive.latest(req.actor, req.params.id));
  declare(api, 'job', (req) => archive.job(req.actor, req.params.jobId));
}

/** The super admin's archive tools: an event's storage link, fix colours in archive. */
export async function archiveToolRoutes(api: FastifyInstance, tools: ArchiveToolsService) {
  declare(api, 'archiveStorage', (req) => tools.storage(req.actor, req.params.id));
  declare(api, 'debugArchiveColours', (req) => tools.fixColours(req.actor, req.body));
}
