import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';

export interface SpeedServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  log: (obj: object, msg: string) => void;
}

/** Placeholder: filled in by this feature's work. */
export function speedService(deps: SpeedServiceDeps) {
  void deps;
  return {};
}
export type SpeedService = ReturnType<typeof speedService>;
