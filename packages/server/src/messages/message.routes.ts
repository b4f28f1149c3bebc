import type { FastifyInstance } from 'fastify';
import type { MessageService } from './message.service.ts';

/** Placeholder: filled in by this feature's work. */
export async function messageRoutes(api: FastifyInstance, service: MessageService): Promise<void> {
  void api;
  void service;
}
