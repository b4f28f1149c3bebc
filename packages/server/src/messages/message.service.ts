import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';

export interface MessageServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
}

/** Placeholder: filled in by this feature's work. */
export function messageService(deps: MessageServiceDeps) {
  void deps;
  return {};
}
export type MessageService = ReturnType<typeof messageService>;
