import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';

export interface ParticipantServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  log: (obj: object, msg: string) => void;
}

/** Placeholder: filled in by this feature's work. */
export function participantService(deps: ParticipantServiceDeps) {
  void deps;
  return {};
}
export type ParticipantService = ReturnType<typeof participantService>;
