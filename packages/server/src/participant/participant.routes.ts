import type { FastifyInstance } from 'fastify';
import type { ParticipantService } from './participant.service.ts';

/** Placeholder: filled in by this feature's work. */
export async function participantRoutes(
  api: FastifyInstance,
  service: ParticipantService,
): Promise<void> {
  void api;
  void service;
}
