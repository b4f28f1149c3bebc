import type { FastifyInstance } from 'fastify';
import { RevaluationBody, StockQuery } from '@rada/core';
import { parseWith } from '../http/errors.ts';
import type { AccountingService } from './accounting.service.ts';

/** The platform owner's accounting stock tool (docs/api.md, /api/accounting). */
export async function accountingRoutes(api: FastifyInstance, accounting: AccountingService) {
  api.get('/accounting/stock', (req) =>
    accounting.stock(req.actor, parseWith(StockQuery, req.query).date),
  );
  api.post('/accounting/revaluations', async (req, reply) => {
    const result = await accounting.revalue(req.actor, parseWith(RevaluationBody, req.body));
    return reply.status(201).send(result);
  });
}
