import type { FastifyInstance } from 'fastify';
import type { TrackService } from './track.service.ts';

/** Placeholder: filled in by this feature's work. */
export async function trackRoutes(api: FastifyInstance, service: TrackService): Promise<void> {
  void api;
  void service;
}
