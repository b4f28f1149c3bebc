import type { TFunction } from 'i18next';
import type { TeamListEntry, TeamTimes, TeamTimeWarning, UpdateTeamBody } from '@rada/core';
import { formatTime } from './teamAnswers.ts';

/**
 * A saved change of one team that the Teams tab says in words and offers to undo: `revert` is
 * the PATCH that puts the changed fields back (the same body twice does the same: undo is safe
 * to repeat).
 */
export interface TeamChange {
  teamId: string;
  name: string;
  text: string;
  revert: UpdateTeamBody;
}

/** The switches that take a team's place in the results away (spec 03 §6: no place). */
export type ResultFlag = 'dsq' | 'katk';

/**
 * The DSQ or withdrawn switch turned to `value`: what it does to the team's place ("Alpha
 * disqualified: no place in the results"), and the switch's old value to put back.
 */
export function flagChange(
  t: TFunction,
  team: TeamListEntry,
  flag: ResultFlag,
  value: boolean,
): TeamChange {
  const other = flag === 'dsq' ? team.katk : team.dsq;
  const how = value ? 'on' : other ? 'offstill' : 'off';
  return {
    teamId: team.id,
    name: team.name,
    text: t(`teams.change.${flag}.${how}`, { name: team.name }),
    revert: { [flag]: team[flag] },
  };
}

/**
 * New start and finish times of `team`: "Alpha: finish 01.05.2030 19:00:00 (was none)", with
 * the changed times' old values to put back; null when nothing changed.
 */
export function timesChange(t: TFunction, team: TeamListEntry, next: TeamTimes): TeamChange | null {
  const parts: string[] = [];
  const revert: UpdateTeamBody = {};
  const shown = (ms: number | null) => formatTime(ms) || t('teams.change.notime');
  for (const [field, key] of [
    ['starttime', 'teams.change.start'],
    ['finishtime', 'teams.change.finish'],
  ] as const) {
    if (next[field] === team[field]) continue;
    parts.push(t(key, { time: shown(next[field]), was: shown(team[field]) }));
    revert[field] = team[field];
  }
  if (parts.length === 0) return null;
  return {
    teamId: team.id,
    name: team.name,
    text: t('teams.change.times', { name: team.name, changes: parts.join('; ') }),
    revert,
  };
}

/** A team's start and finish once `body` is saved (a time the body leaves out stays). */
export function timesAfter(team: TeamTimes, body: UpdateTeamBody): TeamTimes {
  return {
    starttime: body.starttime !== undefined ? body.starttime : team.starttime,
    finishtime: body.finishtime !== undefined ? body.finishtime : team.finishtime,
  };
}

/**
 * The edit dialog's PATCH `body` as a change the Teams tab says with Undo, when it is one the
 * row makes too: only start and finish times, or only the DSQ or withdrawn switch. Null for
 * any other edit (it is just saved).
 */
export function editChange(
  t: TFunction,
  team: TeamListEntry,
  body: UpdateTeamBody,
): TeamChange | null {
  const keys = Object.keys(body);
  if (keys.length === 0) return null;
  if (keys.every((k) => k === 'starttime' || k === 'finishtime'))
    return timesChange(t, team, timesAfter(team, body));
  const [flag] = keys;
  if (keys.length === 1 && (flag === 'dsq' || flag === 'katk'))
    return flagChange(t, team, flag, body[flag] === true);
  return null;
}

/** A span ahead of the clock as "3 h 5 min" or "12 min" (whole minutes, rounded). */
function aheadText(t: TFunction, ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? t('teams.timewarn.hm', { h, m }) : t('teams.timewarn.m', { m });
}

/** Each of teamTimeWarnings' warnings in words, naming the time and what it is checked against. */
export function timeWarningTexts(t: TFunction, warnings: readonly TeamTimeWarning[]): string[] {
  return warnings.map((w) => {
    const which = w.field === 'starttime' ? 'start' : 'finish';
    const time = formatTime(w.time);
    switch (w.kind) {
      case 'beforeevent':
        return t(`teams.timewarn.beforeevent.${which}`, { time, event: formatTime(w.eventStart) });
      case 'afterevent':
        return t(`teams.timewarn.afterevent.${which}`, { time, event: formatTime(w.eventEnd) });
      case 'future':
        return t('teams.timewarn.future.finish', { time, ahead: aheadText(t, w.aheadMs) });
      case 'order':
        return t(`teams.timewarn.order.${which}`, { time, other: formatTime(w.other) });
    }
  });
}
