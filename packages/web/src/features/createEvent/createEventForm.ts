import { isEndTimeValid, isValidShortlink, parseEventFile, shortlinkFromName } from '@rada/core';
import type { CreateEventBody, EventFile, EventFileProblem, ExistsAnswer } from '@rada/core';
import { ApiError } from '../../api/client.ts';

/**
 * The create/duplicate event dialog's rules (spec 01 screen 4, §4, §5) as plain functions,
 * so they are tested without rendering.
 */

/** Where the short link stands: empty, malformed, waiting for the check, taken, free, or unknown. */
export type LinkStatus = 'empty' | 'invalid' | 'checking' | 'exists' | 'available' | 'error';

/** A picked date-time: epoch ms, null when cleared, or 'invalid' while half typed. */
export type PickedTime = number | null | 'invalid';

/** A chosen template file. */
export type TemplateState =
  | { status: 'none' }
  | {
      status: 'ok';
      fileName: string;
      file: EventFile;
      /** The server's refusal of it (it may be sent again, e.g. without its admins). */
      refused?: { errorKey: string; problems: EventFileProblem[] };
    }
  | {
      status: 'bad';
      fileName: string;
      errorKey: string;
      /** Where and what, from core's check or the server's refusal (at most 50). */
      problems?: EventFileProblem[];
    };

/**
 * The short link after the name changed: derived from the name until the user has edited
 * the link by hand, then left alone.
 */
export function linkAfterNameChange(name: string, link: string, linkEdited: boolean): string {
  return linkEdited ? link : shortlinkFromName(name);
}

/**
 * The short link's status from what is typed (`link`), the link last checked after the
 * typing pause (`checkedLink`), and that check's answer or failure.
 */
export function linkStatus(input: {
  link: string;
  checkedLink: string;
  answer: ExistsAnswer | undefined;
  failed: boolean;
}): LinkStatus {
  const { link, checkedLink, answer, failed } = input;
  if (link.length === 0) return 'empty';
  if (!isValidShortlink(link)) return 'invalid';
  if (link !== checkedLink) return 'checking';
  if (failed) return 'error';
  if (!answer) return 'checking';
  if (!answer.valid) return 'invalid';
  return answer.exists ? 'exists' : 'available';
}

/** The translation key of the message under the short link field, or null. */
export function linkErrorKey(status: LinkStatus): string | null {
  switch (status) {
    case 'exists':
      return 'createevent.err.exists';
    case 'invalid':
      return 'createevent.err.badlink';
    case 'error':
      return 'createevent.shortlink.checkfailed';
    case 'empty':
    case 'checking':
    case 'available':
      return null;
  }
}

/**
 * Time problems as translation keys: the start must be a valid time; the end may be cleared
 * but an unreadable end or one before the start shows starttime.error.noorbadtime.
 */
export function timeErrors(
  start: PickedTime,
  end: PickedTime,
): { start: string | null; end: string | null } {
  const startError = start === null || start === 'invalid' ? 'starttime.error.invalid' : null;
  let endError: string | null = null;
  if (end === 'invalid') endError = 'starttime.error.noorbadtime';
  else if (typeof start === 'number' && !isEndTimeValid(start, end)) {
    endError = 'starttime.error.noorbadtime';
  }
  return { start: startError, end: endError };
}

/**
 * Whether the create buttons are enabled: a non-blank name, an available link, valid times,
 * no unreadable template, and no request in progress.
 */
export function canCreate(input: {
  name: string;
  linkStatus: LinkStatus;
  start: PickedTime;
  end: PickedTime;
  template: TemplateState;
  busy: boolean;
}): boolean {
  const errors = timeErrors(input.start, input.end);
  return (
    input.name.trim().length > 0 &&
    input.linkStatus === 'available' &&
    errors.start === null &&
    errors.end === null &&
    input.template.status !== 'bad' &&
    !input.busy
  );
}

/** The POST /api/events body; call only when canCreate() holds. */
export function buildCreateBody(input: {
  name: string;
  link: string;
  start: number;
  end: number | null;
  template: TemplateState;
  removePermissions: boolean;
  duplicateOf?: string;
}): CreateEventBody {
  const body: CreateEventBody = {
    name: input.name.trim(),
    shortlink: input.link,
    starttime: input.start,
    endtime: input.end,
    removePermissions: input.removePermissions,
  };
  // A template file chosen in the duplicate dialog is used instead of the event.
  if (input.template.status === 'ok') body.template = input.template.file;
  else if (input.duplicateOf) body.duplicateOf = input.duplicateOf;
  return body;
}

/**
 * The template after the server refused it with per-path details (eventfile.error.invalid, or
 * badtemplate): those it alone can check, such as admins without an account. Otherwise as is.
 */
export function templateRefused(template: TemplateState, error: unknown): TemplateState {
  if (template.status !== 'ok' || !(error instanceof ApiError)) return template;
  if (error.key !== 'eventfile.error.invalid' && error.key !== 'createevent.badtemplate')
    return template;
  return { ...template, refused: { errorKey: error.key, problems: error.details } };
}

/** Reads and checks a chosen template file (spec 04): too large or not an event file is 'bad'. */
export async function readTemplate(
  file: Pick<File, 'name' | 'size' | 'text'>,
  maxBytes: number,
): Promise<TemplateState> {
  if (file.size > maxBytes)
    return { status: 'bad', fileName: file.name, errorKey: 'error.toolarge' };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { status: 'bad', fileName: file.name, errorKey: 'createevent.badtemplate' };
  }
  const parsed = parseEventFile(text);
  return parsed.ok
    ? { status: 'ok', fileName: file.name, file: parsed.file }
    : { status: 'bad', fileName: file.name, errorKey: parsed.error, problems: parsed.details };
}

/**
 * The map images a template brings (its `mapimages`): how many and their bytes, from the sizes
 * the file states (checked against the images by the server).
 */
export function templateMapImages(file: EventFile): { count: number; bytes: number } {
  const maps = Object.values(file.mapimages ?? {}) as { bytes?: unknown }[];
  return {
    count: maps.length,
    bytes: maps.reduce((sum, m) => sum + (typeof m.bytes === 'number' ? m.bytes : 0), 0),
  };
}
