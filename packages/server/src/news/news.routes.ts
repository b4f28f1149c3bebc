import type { FastifyInstance } from 'fastify';
import { bulkBody } from '../http/limits.ts';
import { z } from 'zod';
import { NewsBody, NewsTimeParam } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { NewsService } from './news.service.ts';

const TimeParams = z.object({ time: NewsTimeParam });

/** News (docs/api.md): anyone reads; the platform owner adds, edits and deletes. */
export async function newsRoutes(api: FastifyInstance, news: NewsService) {
  api.get('/news', () => news.list());
  // News is rich text in every language.
  api.post('/news', bulkBody(api), async (req, reply) => {
    const created = await news.create(req.actor, parseWith(NewsBody, req.body));
    return reply.status(201).send(created);
  });
  api.put('/news/:time', bulkBody(api), (req) =>
    news.update(req.actor, parseWith(TimeParams, req.params).time, parseWith(NewsBody, req.body)),
  );
  api.delete('/news/:time', async (req, reply) => {
    await news.remove(req.actor, parseWith(TimeParams, req.params).time);
    return reply.status(204).send();
  });
}
