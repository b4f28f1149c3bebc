import {
  DEFAULT_MAX_REGS_PER_USER,
  DEFAULT_TEAM_TYPE,
  parseClasses,
  regFields,
  textWithCopies,
} from '@rada/core';
import type { RegField, RegFormView, TeamType } from '@rada/core';
import type { JsonMap } from '../db/json.ts';
import { AppError } from '../http/errors.ts';
import type { EventRow } from '../events/event.repository.ts';

/** The rich texts the registration page shows, each with its language copies. */
export type RegTexts = Pick<
  RegFormView,
  | 'description'
  | 'description_i18n'
  | 'prepagemessage'
  | 'prepagemessage_i18n'
  | 'notallowedmessage'
  | 'notallowedmessage_i18n'
>;

/** The registration settings of an event (spec 01 §3 Team registration, §4). */
export interface RegSettings {
  fields: RegField[];
  teamtype: TeamType;
  joinrequiresconfirmation: boolean;
  /** The page's rich texts with their language copies (RegFormView's). */
  texts: RegTexts;
  /** Teams one user may register in the event (maxregsperuser, at least 1). */
  maxregsperuser: number;
  /** The event's scoring classes (klassid), id → name, in their order. */
  classes: Map<string, string>;
  /** A team must choose a class (regclassrequired), when there are classes. */
  classRequired: boolean;
}

/** Reads the registration settings out of the event's settings map. */
export function regSettings(settings: JsonMap): RegSettings {
  return {
    fields: regFields(settings.regconfig),
    teamtype: settings.teamtype === 'single' ? 'single' : DEFAULT_TEAM_TYPE,
    joinrequiresconfirmation: settings.joinrequiresconfirmation === true,
    texts: {
      ...textWithCopies(settings, 'description'),
      ...textWithCopies(settings, 'prepagemessage'),
      ...textWithCopies(settings, 'notallowedmessage'),
    },
    maxregsperuser:
      typeof settings.maxregsperuser === 'number' && settings.maxregsperuser >= 1
        ? Math.floor(settings.maxregsperuser)
        : DEFAULT_MAX_REGS_PER_USER,
    classes: parseClasses(settings.klassid),
    classRequired: settings.regclassrequired === true,
  };
}

/**
 * The class a registration asks for, checked against the event's classes: undefined when the
 * body leaves it out (an edit keeps the team's), null for none; 400 reg.error.class for a class
 * the event does not have, reg.error.classrequired when the event requires one.
 */
export function checkedClass(
  settings: Pick<RegSettings, 'classes' | 'classRequired'>,
  klassid: string | null | undefined,
  current: string | null = null,
): string | null | undefined {
  if (klassid !== undefined && klassid !== null && !settings.classes.has(klassid)) {
    throw new AppError('reg.error.class', 400);
  }
  const next = klassid === undefined ? current : klassid;
  if (settings.classRequired && settings.classes.size > 0 && next === null) {
    throw new AppError('reg.error.classrequired', 400);
  }
  return klassid;
}

/** Why registration is closed: archived events, and events whose end has passed. */
export function closedReason(event: EventRow, now: number): 'archived' | 'ended' | null {
  if (event.arch !== null) return 'archived';
  if (event.endtime !== null && event.endtime < now) return 'ended';
  return null;
}
