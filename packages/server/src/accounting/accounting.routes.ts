import type { FastifyInstance } from 'fastify';
import { declare } from '../http/contract.ts';
import type { AccountingService } from './accounting.service.ts';

/** The platform owner's accounting stock tool (declared in core's contract/accounting.ts). */
export async function accountingRoutes(api: FastifyInstance, accounting: AccountingService) {
  declare(api, 'accountingStock', (req) => accounting.stock(req.actor, req.query.date));
  declare(api, 'accountingRevalue', (req) => accounting.revalue(req.actor, req.body));
}
