import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { CupService } from './cup.service.ts';

/** Series (cups) and their standings (declared in core's contract/cups.ts). */
export async function cupRoutes(api: FastifyInstance, cups: CupService): Promise<void> {
  declare(api, 'cups', (req) => cups.list(req.actor, req.query.mine === '1'));
  declare(api, 'cupLinkCheck', (req) => cups.linkCheck(req.actor, req.params.link));
  declare(api, 'createCup', (req) => cups.create(req.actor, req.body));
  declare(api, 'cup', (req) => cups.get(req.actor, req.params.cupId));
  declare(api, 'updateCup', (req) => cups.update(req.actor, req.params.cupId, req.body));
  declare(api, 'addCupAdmin', (req) => cups.addAdmin(req.actor, req.params.cupId, req.body));
  declare(api, 'removeCupAdmin', (req) =>
    cups.removeAdmin(req.actor, req.params.cupId, req.params.userId),
  );
  declare(api, 'addCupEvent', (req) => cups.addEvent(req.actor, req.params.cupId, req.body));
  declare(api, 'removeCupEvent', (req) =>
    cups.removeEvent(req.actor, req.params.cupId, req.params.eventId),
  );
  declare(api, 'cupStandings', (req) => cups.standings(req.actor, req.params.cupId));
  declare(api, 'setCupCell', (req) => cups.setCell(req.actor, req.params.cupId, req.body));
  declare(api, 'joinCupTeams', (req) => cups.join(req.actor, req.params.cupId, req.body));
  declare(api, 'undoCup', (req) => cups.undo(req.actor, req.params.cupId));
}
