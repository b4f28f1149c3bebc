import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AddCupAdminBody,
  AddCupEventBody,
  CreateCupBody,
  CupCellBody,
  CupJoinBody,
  CupLink,
  ERROR_MESSAGES,
  SHORTLINK_MAX_LENGTH,
  UpdateCupBody,
} from '@rada/core';
import { AppError, parseWith } from '../http/errors.ts';
import type { CupService } from './cup.service.ts';

const key = z.string().min(1).max(SHORTLINK_MAX_LENGTH);
const CupParams = z.object({ cupId: key });
const CupEventParams = CupParams.extend({ eventId: key });
const CupAdminParams = CupParams.extend({ userId: z.string().min(1).max(100) });
const ListQuery = z.object({ mine: z.enum(['0', '1']).optional() });
const LinkParams = z.object({ link: CupLink });

/** A link's own refusal keys (cup.error.emptylink, cup.error.badlink) instead of error.validation. */
function linkChecked<T>(schema: z.ZodType<T>, value: unknown, path: string): T {
  const parsed = schema.safeParse(value);
  const issue = parsed.error?.issues.find((i) => i.path[0] === path || path === '');
  if (issue && (issue.message === 'cup.error.emptylink' || issue.message === 'cup.error.badlink')) {
    throw new AppError(issue.message, 400, [{ path, message: ERROR_MESSAGES[issue.message] }]);
  }
  return parseWith(schema, value);
}

/** Series (cups): docs/api.md, Cups. */
export async function cupRoutes(api: FastifyInstance, cups: CupService): Promise<void> {
  const cupId = (params: unknown) => parseWith(CupParams, params).cupId;

  api.get('/cups', (req) => cups.list(req.actor, parseWith(ListQuery, req.query).mine === '1'));
  api.get('/cups/links/:link', (req) =>
    cups.linkCheck(req.actor, linkChecked(LinkParams, req.params, 'link').link),
  );
  api.post('/cups', async (req, reply) =>
    reply
      .status(201)
      .send(await cups.create(req.actor, linkChecked(CreateCupBody, req.body, 'id'))),
  );
  api.get('/cups/:cupId', (req) => cups.get(req.actor, cupId(req.params)));
  api.patch('/cups/:cupId', (req) =>
    cups.update(req.actor, cupId(req.params), parseWith(UpdateCupBody, req.body)),
  );
  api.post('/cups/:cupId/admins', (req) =>
    cups.addAdmin(req.actor, cupId(req.params), parseWith(AddCupAdminBody, req.body)),
  );
  api.delete('/cups/:cupId/admins/:userId', (req) => {
    const p = parseWith(CupAdminParams, req.params);
    return cups.removeAdmin(req.actor, p.cupId, p.userId);
  });
  api.post('/cups/:cupId/events', (req) =>
    cups.addEvent(req.actor, cupId(req.params), parseWith(AddCupEventBody, req.body)),
  );
  api.delete('/cups/:cupId/events/:eventId', (req) => {
    const p = parseWith(CupEventParams, req.params);
    return cups.removeEvent(req.actor, p.cupId, p.eventId);
  });
  api.get('/cups/:cupId/standings', (req) => cups.standings(req.actor, cupId(req.params)));
  api.put('/cups/:cupId/cells', (req) =>
    cups.setCell(req.actor, cupId(req.params), parseWith(CupCellBody, req.body)),
  );
  api.post('/cups/:cupId/joins', (req) =>
    cups.join(req.actor, cupId(req.params), parseWith(CupJoinBody, req.body)),
  );
  api.post('/cups/:cupId/undo', (req) => cups.undo(req.actor, cupId(req.params)));
}
