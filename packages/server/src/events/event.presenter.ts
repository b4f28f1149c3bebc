import { DEFAULT_EVENT_TYPE, EVENT_TYPES } from '@rada/core';
import type { EventSummary, EventType } from '@rada/core';
import type { AdminRole, EventRow } from './event.repository.ts';

/** Maps an event row (and the public parts of its settings) to the API shape. */
export function presentEvent(
  row: EventRow,
  role: AdminRole | null,
  settings: Record<string, unknown>,
): EventSummary {
  const type = settings.type;
  return {
    id: row.id,
    name: row.name,
    starttime: row.starttime,
    endtime: row.endtime,
    type: (EVENT_TYPES as readonly string[]).includes(type as string)
      ? (type as EventType)
      : DEFAULT_EVENT_TYPE,
    arch: row.arch,
    hidden: row.hidden === 1,
    role,
    kpsinweb: settings.kpsinweb === true,
    hidetracks: settings.hidetracks === true,
  };
}
