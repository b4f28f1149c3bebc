import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreateJoinCodeBody,
  ERROR_MESSAGES,
  JoinCodeText,
  SHORTLINK_MAX_LENGTH,
  UpdateJoinCodeBody,
  UseJoinCodeBody,
} from '@rada/core';
import { AppError, parseWith } from '../http/errors.ts';
import { rateLimited } from '../http/limits.ts';
import type { JoinCodeService } from './joinCode.service.ts';

const IdParams = z.object({ id: z.string().min(1).max(SHORTLINK_MAX_LENGTH) });
const CodeParams = z.object({ code: z.string() });

/** A code from the path, upper case; one that cannot be a code is not found. */
function codeParam(params: unknown): string {
  const parsed = JoinCodeText.safeParse(parseWith(CodeParams, params).code);
  if (!parsed.success) throw new AppError('joinc.error.notfound', 404);
  return parsed.data;
}

/** The create body; a chosen code under 6 characters answers 400 joinc.error.tooshort. */
function createBody(value: unknown) {
  const parsed = CreateJoinCodeBody.safeParse(value);
  const codeIssues = parsed.error?.issues.filter((i) => i.path[0] === 'code') ?? [];
  // A code of the wrong characters is error.validation, whatever its length.
  if (codeIssues.length > 0 && codeIssues.every((i) => i.message === 'joinc.error.tooshort')) {
    const message = ERROR_MESSAGES['joinc.error.tooshort'];
    throw new AppError('joinc.error.tooshort', 400, [{ path: 'code', message }]);
  }
  return parseWith(CreateJoinCodeBody, value);
}

/** Join codes (docs/api.md, Join codes). */
export async function joinCodeRoutes(
  api: FastifyInstance,
  service: JoinCodeService,
): Promise<void> {
  api.get('/events/:id/joincodes', (req) =>
    service.list(req.actor, parseWith(IdParams, req.params).id),
  );

  api.get('/events/:id/joincodes/validities', (req) =>
    service.validities(req.actor, parseWith(IdParams, req.params).id),
  );

  api.post('/events/:id/joincodes', async (req, reply) => {
    const { id } = parseWith(IdParams, req.params);
    const body = createBody(req.body);
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

  api.get('/joincodes/:code', rateLimited(api, 'joinLookup'), (req) =>
    service.info(codeParam(req.params)),
  );

  api.post('/join', rateLimited(api, 'join'), (req) =>
    service.use(req.actor, parseWith(UseJoinCodeBody, req.body)),
  );
}
