import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateJoinCodeBody,
  JoinCodeText,
  SHORTLINK_MAX_LENGTH,
  UpdateJoinCodeBody,
  UseJoinCodeBody,
} from '@rada/core';
import { AppError, parseWith } from '../http/errors.ts';
import type { JoinCodeService } from './joinCode.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const CodeParams = z.object({ code: z.string() });

/** A code from the path, upper case; one that cannot be a code is not found. */
function codeParam(params: unknown): string {
  const parsed = JoinCodeText.safeParse(parseWith(CodeParams, params).code);
  if (!parsed.success) throw new AppError('joinc.error.notfound', 404);
  return parsed.data;
}

/** Join codes (docs/api.md, Join codes). */
export async function joinCodeRoutes(
  api: FastifyInstance,
  service: JoinCodeService,
): Promise<void> {
  api.get('/events/:id/joincodes', (req) =>
    service.list(req.actor, parseWith(IdParams, req.params).id),
  );

  api.post('/events/:id/joincodes', async (req, reply) => {
    const { id } = parseWith(IdParams, req.params);
    const body = parseWith(CreateJoinCodeBody, req.body);
    return reply.status(201).send(await service.create(req.actor, id, body));
  });

  api.patch('/events/:id/joincodes/:code', (req) => {
    const { id } = parseWith(IdParams, req.params);
    return service.update(
      req.actor,
      id,
      codeParam(req.params),
      parseWith(UpdateJoinCodeBody, req.body),
    );
  });

  api.delete('/events/:id/joincodes/:code', async (req, reply) => {
    const { id } = parseWith(IdParams, req.params);
    await service.remove(req.actor, id, codeParam(req.params));
    return reply.status(204).send();
  });

  api.get('/joincodes/:code', (req) => service.info(codeParam(req.params)));

  api.post('/join', (req) => service.use(req.actor, parseWith(UseJoinCodeBody, req.body)));
}
