import type { FastifyInstance } from 'fastify';
import type { RegistrationService } from './registration.service.ts';

/** Placeholder: filled in by this feature's work. */
export async function registrationRoutes(
  api: FastifyInstance,
  service: RegistrationService,
): Promise<void> {
  void api;
  void service;
}
