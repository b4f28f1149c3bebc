import { DEFAULT_MAX_REGS_PER_USER, DEFAULT_TEAM_TYPE, regFields } from '@rada/core';
import type { RegField, TeamType } from '@rada/core';
import type { JsonMap } from '../db/json.ts';
import type { EventRow } from '../events/event.repository.ts';

/** The registration settings of an event (spec 01 §3 Team registration, §4). */
export interface RegSettings {
  fields: RegField[];
  teamtype: TeamType;
  joinrequiresconfirmation: boolean;
  prepagemessage: string;
  notallowedmessage: string;
  /** Teams one user may register in the event (maxregsperuser, at least 1). */
  maxregsperuser: number;
}

/** Reads the registration settings out of the event's settings map. */
export function regSettings(settings: JsonMap): RegSettings {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    fields: regFields(settings.regconfig),
    teamtype: settings.teamtype === 'single' ? 'single' : DEFAULT_TEAM_TYPE,
    joinrequiresconfirmation: settings.joinrequiresconfirmation === true,
    prepagemessage: text(settings.prepagemessage),
    notallowedmessage: text(settings.notallowedmessage),
    maxregsperuser:
      typeof settings.maxregsperuser === 'number' && settings.maxregsperuser >= 1
        ? Math.floor(settings.maxregsperuser)
        : DEFAULT_MAX_REGS_PER_USER,
  };
}

/** Why registration is closed: archived events, and events whose end has passed. */
export function closedReason(event: EventRow, now: number): 'archived' | 'ended' | null {
  if (event.arch !== null) return 'archived';
  if (event.endtime !== null && event.endtime < now) return 'ended';
  return null;
}
