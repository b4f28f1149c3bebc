import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';

export interface JoinCodeServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
}

/** Placeholder: filled in by this feature's work. */
export function joinCodeService(deps: JoinCodeServiceDeps) {
  void deps;
  return {};
}
export type JoinCodeService = ReturnType<typeof joinCodeService>;
