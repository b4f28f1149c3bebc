import { EVENT_FILE_MAX_PROBLEMS, checkEventFile } from '@rada/core';
import type { EventFile, EventFileProblem } from '@rada/core';
import { AppError } from '../http/errors.ts';
import type { Repos } from '../db/store.ts';

/**
 * Checks an event file from outside (template, duplicate, command line) with core's checks: the
 * structure (400 createevent.badtemplate) and the contents with the API's own schemas (400
 * eventfile.error.invalid), each with per-path details. Nothing has been written when it throws.
 */
export function checkedEventFile(value: unknown): EventFile {
  const checked = checkEventFile(value);
  if (!checked.ok) throw new AppError(checked.error, 400, checked.details, checked.message);
  return checked.file;
}

/** The file's admins who have no account here, as problems (`events.admins.{uid}`). */
export async function unknownAdmins(
  file: EventFile,
  eventFiles: Pick<Repos['eventFiles'], 'existingUsers'>,
): Promise<EventFileProblem[]> {
  const uids = Object.keys(file.events.admins ?? {});
  if (uids.length === 0) return [];
  const known = await eventFiles.existingUsers(uids);
  return uids
    .filter((uid) => !known.has(uid))
    .map((uid) => ({ path: `events.admins.${uid}`, message: 'no account with this uid here' }));
}

/**
 * Refuses (400 eventfile.error.invalid) a file that would make people without an account here
 * admins of the new event: a creator may not plant admin rows for ids nobody holds.
 */
export async function refuseUnknownAdmins(
  file: EventFile,
  eventFiles: Pick<Repos['eventFiles'], 'existingUsers'>,
): Promise<void> {
  const problems = await unknownAdmins(file, eventFiles);
  if (problems.length === 0) return;
  const first = problems[0];
  throw new AppError(
    'eventfile.error.invalid',
    400,
    problems.slice(0, EVENT_FILE_MAX_PROBLEMS),
    `${first?.path}: ${first?.message}`,
  );
}
