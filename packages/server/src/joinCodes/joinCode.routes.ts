import type { FastifyInstance } from 'fastify';
import type { JoinCodeService } from './joinCode.service.ts';

/** Placeholder: filled in by this feature's work. */
export async function joinCodeRoutes(
  api: FastifyInstance,
  service: JoinCodeService,
): Promise<void> {
  void api;
  void service;
}
