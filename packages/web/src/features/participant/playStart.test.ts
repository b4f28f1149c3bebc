import { describe, expect, it } from 'vitest';
import type { PlayView } from '@rada/core';
import { effectiveStart, playPhase, teamStartRule } from './playRules.ts';

const EVENT_START = Date.UTC(2026, 4, 16, 10, 0);
const MIN = 60_000;

const view = (
  settings: Partial<PlayView['settings']> = {},
  team: Partial<PlayView['team']> = {},
): PlayView => ({
  eventId: 'ev',
  name: 'Event',
  starttime: EVENT_START,
  endtime: EVENT_START + 6 * 60 * MIN,
  settings: {
    appmessage: '',
    prepagemessage: '',
    finishedmessage: '',
    valiktahed: false,
    clientstart: false,
    startloc: null,
    maxstartdistance: null,
    maxmarkingdistance: null,
    massstarttimems: null,
    featuretimetogo: false,
    normaalaeg: null,
    enablewslocations: false,
    ...settings,
  },
  team: { id: 't', name: 'T', nr: null, allowed: true, starttime: null, finishtime: null, ...team },
  kps: [],
  marks: [],
  myTeams: [],
});
const noLocal = { startedAt: null, finishedAt: null };

describe('the team’s start by its start rule', () => {
  it('a team with a start of its own waits for it, not for the event’s start', () => {
    const own = view({}, { starttime: EVENT_START + 4 * 60 * MIN + 25 * MIN });
    expect(teamStartRule(own)).toBe('individual');
    expect(effectiveStart(own, noLocal)).toBe(EVENT_START + 4 * 60 * MIN + 25 * MIN);
    // 4:24:05 after the event's start the team that just joined has not started.
    expect(playPhase(own, noLocal, EVENT_START + 4 * 60 * MIN + 24 * MIN + 5_000)).toBe('prestart');
    expect(playPhase(own, noLocal, EVENT_START + 4 * 60 * MIN + 25 * MIN)).toBe('running');
  });

  it('the mass start wins over a team’s own time and over clientstart, as in the results', () => {
    const mass = view(
      { massstarttimems: EVENT_START + 30 * MIN, clientstart: true },
      { starttime: EVENT_START + 90 * MIN },
    );
    expect(teamStartRule(mass)).toBe('mass');
    expect(effectiveStart(mass, { startedAt: EVENT_START, finishedAt: null })).toBe(
      EVENT_START + 30 * MIN,
    );
    expect(playPhase(mass, noLocal, EVENT_START + 29 * MIN)).toBe('prestart');
  });

  it('with clientstart the team waits until it starts itself (the device’s start counts)', () => {
    const self = view({ clientstart: true });
    expect(teamStartRule(self)).toBe('self');
    expect(effectiveStart(self, noLocal)).toBeNull();
    expect(playPhase(self, noLocal, EVENT_START + 60 * MIN)).toBe('prestart');
    const started = { startedAt: EVENT_START + 61 * MIN, finishedAt: null };
    expect(playPhase(self, started, EVENT_START + 62 * MIN)).toBe('running');
  });

  it('without any start time the team starts with the event', () => {
    const none = view();
    expect(teamStartRule(none)).toBe('none');
    expect(effectiveStart(none, noLocal)).toBe(EVENT_START);
    expect(playPhase(none, noLocal, EVENT_START - 1)).toBe('prestart');
    expect(playPhase({ ...none, starttime: null }, noLocal, 0)).toBe('running');
  });
});
