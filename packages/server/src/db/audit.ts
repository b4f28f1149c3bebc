import type { Actor } from '../auth/actor.ts';
import type { Database } from './schema.ts';
import { timeId } from './ids.ts';
import { toJson } from './json.ts';

export type AuditRow = Database['audit_log'];

/**
 * One audit_log row of a change by `actor`: who, when, what (`action`, `path`) and the old and
 * new values as JSON (undefined is stored as null).
 */
export function auditRow(
  now: number,
  actor: Actor | null,
  eventId: string,
  action: string,
  path: string,
  old: unknown,
  value: unknown,
): AuditRow {
  return {
    id: timeId(now),
    time: now,
    user_id: actor?.uid ?? null,
    event_id: eventId,
    action,
    path,
    old_value: old === undefined ? null : toJson(old),
    value: value === undefined ? null : toJson(value),
  };
}
