import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';

export interface TrackServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  log: (obj: object, msg: string) => void;
}

/** Placeholder: filled in by this feature's work. */
export function trackService(deps: TrackServiceDeps) {
  void deps;
  return {};
}
export type TrackService = ReturnType<typeof trackService>;
