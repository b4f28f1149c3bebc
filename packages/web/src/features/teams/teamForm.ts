import { TeamColour } from '@rada/core';
import type { CreateTeamBody, TeamListEntry, UpdateTeamBody } from '@rada/core';
import { fromLocalInput, toLocalInput } from './teamAnswers.ts';

/**
 * The add and edit team dialogs' form: every field as the inputs hold it (times as
 * `datetime-local` values, an empty string for "none"), and the request bodies made from it.
 */
export interface TeamForm {
  name: string;
  nr: string;
  /** Class id, '' for none. */
  klassid: string;
  /** Hex colour, '' for none. */
  col: string;
  start: string;
  finish: string;
  devs: string[];
  defaultdev: string | null;
  disabled: boolean;
  allowed: boolean;
  dsq: boolean;
  katk: boolean;
}

/** Translation keys of the form's invalid fields. */
export type TeamFormErrors = Partial<Record<'name' | 'nr' | 'col' | 'start' | 'finish', string>>;

const NR_MAX = 20;

/** A new team's form: only the colour is preset. */
export function emptyTeamForm(col: string): TeamForm {
  return {
    name: '',
    nr: '',
    klassid: '',
    col,
    start: '',
    finish: '',
    devs: [],
    defaultdev: null,
    disabled: false,
    allowed: true,
    dsq: false,
    katk: false,
  };
}

/** The form showing a team as it is. */
export function formFromTeam(team: TeamListEntry): TeamForm {
  return {
    name: team.name,
    nr: team.nr ?? '',
    klassid: team.klassid ?? '',
    col: team.col ?? '',
    start: toLocalInput(team.starttime),
    finish: toLocalInput(team.finishtime),
    devs: [...team.devs],
    defaultdev: team.defaultdev,
    disabled: team.disabled,
    allowed: team.allowed,
    dsq: team.dsq,
    katk: team.katk,
  };
}

/** The errors that block saving; empty when the form may be sent. */
export function teamFormErrors(form: TeamForm): TeamFormErrors {
  const errors: TeamFormErrors = {};
  if (form.name.trim() === '') errors.name = 'teams.form.namerequired';
  if (form.nr.trim().length > NR_MAX) errors.nr = 'teams.form.nrtoolong';
  if (form.col !== '' && !TeamColour.safeParse(form.col).success) errors.col = 'teams.form.badcol';
  // A half-typed time would be saved as no time at all.
  if (fromLocalInput(form.start) === null && form.start !== '')
    errors.start = 'starttime.error.invalid';
  if (fromLocalInput(form.finish) === null && form.finish !== '') {
    errors.finish = 'starttime.error.invalid';
  }
  return errors;
}

/** Removes a device; when it was the default, the first one left becomes the default. */
export function removeDevice(form: TeamForm, dev: string): TeamForm {
  const devs = form.devs.filter((d) => d !== dev);
  const defaultdev = form.defaultdev === dev ? (devs[0] ?? null) : form.defaultdev;
  return { ...form, devs, defaultdev };
}

/** POST body of a new team; an empty nr lets the server pick the next number. */
export function createTeamBody(form: TeamForm): CreateTeamBody {
  const body: CreateTeamBody = { name: form.name.trim() };
  const nr = form.nr.trim();
  if (nr !== '') body.nr = nr;
  if (form.col !== '') body.col = form.col;
  if (form.klassid !== '') body.klassid = form.klassid;
  const start = fromLocalInput(form.start);
  const finish = fromLocalInput(form.finish);
  if (start !== null) body.starttime = start;
  if (finish !== null) body.finishtime = finish;
  return body;
}

/**
 * The PATCH body of an edit: only the fields whose value differs from the team's, so one
 * request changes (and audits) exactly what the organiser changed. Times compare as the inputs
 * show them (to the second), so an untouched time with milliseconds stays untouched.
 */
export function changedTeamFields(team: TeamListEntry, form: TeamForm): UpdateTeamBody {
  const body: UpdateTeamBody = {};
  const name = form.name.trim();
  if (name !== team.name) body.name = name;
  const nr = form.nr.trim() === '' ? null : form.nr.trim();
  if (nr !== team.nr) body.nr = nr;
  const klassid = form.klassid === '' ? null : form.klassid;
  if (klassid !== team.klassid) body.klassid = klassid;
  const col = form.col === '' ? null : form.col;
  if (col?.toLowerCase() !== team.col?.toLowerCase()) body.col = col;
  if (form.start !== toLocalInput(team.starttime)) body.starttime = fromLocalInput(form.start);
  if (form.finish !== toLocalInput(team.finishtime)) body.finishtime = fromLocalInput(form.finish);
  if (form.devs.join('\n') !== team.devs.join('\n')) body.devs = form.devs;
  if (form.defaultdev !== team.defaultdev) body.defaultdev = form.defaultdev;
  for (const flag of ['disabled', 'allowed', 'dsq', 'katk'] as const) {
    if (form[flag] !== team[flag]) body[flag] = form[flag];
  }
  return body;
}
