import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';

export interface RegistrationServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
}

/** Placeholder: filled in by this feature's work. */
export function registrationService(deps: RegistrationServiceDeps) {
  void deps;
  return {};
}
export type RegistrationService = ReturnType<typeof registrationService>;
