import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { TranslationService } from './translation.service.ts';

/** Translation overrides (declared in core's contract/news.ts): anyone reads; admins write. */
export async function translationRoutes(api: FastifyInstance, translations: TranslationService) {
  // Every app asks for these as it loads: a browser keeps the answer and asks again with its
  // ETag, and an unchanged set costs a 304 without a body.
  declare(api, 'translations', async (req, reply) => {
    const body = JSON.stringify(await translations.overrides());
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  declare(api, 'putTranslation', (req) => translations.set(req.actor, req.params.key, req.body));
  declare(api, 'deleteTranslation', (req) => translations.remove(req.actor, req.params.key));
}
