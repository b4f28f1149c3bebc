import type { FastifyInstance } from 'fastify';
import type { SpeedService } from './speed.service.ts';

/** Placeholder: filled in by this feature's work. */
export async function speedRoutes(api: FastifyInstance, service: SpeedService): Promise<void> {
  void api;
  void service;
}
