import type { FastifyInstance } from 'fastify';
import { bulkBody } from '../http/limits.ts';
import { declare } from '../http/contract.ts';
import type { NewsService } from './news.service.ts';

/** News (declared in core's contract/news.ts): anyone reads; the platform owner writes. */
export async function newsRoutes(api: FastifyInstance, news: NewsService) {
  declare(api, 'news', () => news.list());
  // News is rich text in every language.
  declare(api, 'createNews', (req) => news.create(req.actor, req.body), bulkBody(api));
  declare(
    api,
    'updateNews',
    (req) => news.update(req.actor, req.params.time, req.body),
    bulkBody(api),
  );
  declare(api, 'deleteNews', (req) => news.remove(req.actor, req.params.time));
}
