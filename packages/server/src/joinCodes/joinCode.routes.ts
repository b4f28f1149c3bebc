import type { FastifyInstance } from 'fastify';
import { JoinCodeText } from '@rada/core';
import { declare } from '../http/contract.ts';
import { AppError } from '../http/errors.ts';
import { rateLimited } from '../http/limits.ts';
import type { JoinCodeService } from './joinCode.service.ts';

/** A code from the path, upper case; one that cannot be a code is not found. */
function codeParam(code: string): string {
  const parsed = JoinCodeText.safeParse(code);
  if (!parsed.success) throw new AppError('joinc.error.notfound', 404);
  return parsed.data;
}

/** Join codes (declared in core's contract/joinCodes.ts). */
export async function joinCodeRoutes(
  api: FastifyInstance,
  service: JoinCodeService,
): Promise<void> {
  declare(api, 'joinCodes', (req) => service.list(req.actor, req.params.id));

  declare(api, 'joinCodeValidities', (req) => service.validities(req.actor, req.params.id));

  // A chosen code under 6 characters answers 400 joinc.error.tooshort (core's NewJoinCodeText).
  declare(api, 'createJoinCode', (req) => service.create(req.actor, req.params.id, req.body));

  declare(api, 'updateJoinCode', (req) =>
    service.update(req.actor, req.params.id, codeParam(req.params.code), req.body),
  );

  declare(api, 'deleteJoinCode', (req) =>
    service.remove(req.actor, req.params.id, codeParam(req.params.code)),
  );

  declare(
    api,
    'joinCodeInfo',
    (req) => service.info(codeParam(req.params.code)),
    rateLimited(api, 'joinLookup'),
  );

  declare(api, 'useJoinCode', (req) => service.use(req.actor, req.body), rateLimited(api, 'join'));
}
