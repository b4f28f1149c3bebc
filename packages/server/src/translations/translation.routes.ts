import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TranslationBody, TranslationKey } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { TranslationService } from './translation.service.ts';

const KeyParams = z.object({ key: TranslationKey });

/** Translation overrides (docs/api.md): anyone reads; the owner and super admins write. */
export async function translationRoutes(api: FastifyInstance, translations: TranslationService) {
  // Every app asks for these as it loads: a browser keeps the answer and asks again with its
  // ETag, and an unchanged set costs a 304 without a body.
  api.get('/translations', async (req, reply) => {
    const body = JSON.stringify(await translations.overrides());
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  api.put('/translations/:key', (req) =>
    translations.set(
      req.actor,
      parseWith(KeyParams, req.params).key,
      parseWith(TranslationBody, req.body),
    ),
  );
  api.delete('/translations/:key', async (req, reply) => {
    await translations.remove(req.actor, parseWith(KeyParams, req.params).key);
    return reply.status(204).send();
  });
}
