import { describe, expect, it } from 'vitest';
import { teamListEntry } from '@rada/core/testing';
import { toLocalInput } from './teamAnswers.ts';
import {
  changedTeamFields,
  createTeamBody,
  emptyTeamForm,
  formFromTeam,
  removeDevice,
  teamFormErrors,
} from './teamForm.ts';

const team = teamListEntry('t1', {
  name: 'Alpha',
  nr: '7',
  klassid: 'A',
  starttime: 1_700_000_000_123,
  answers: 2,
  col: '#E53935',
  devs: ['d1', 'd2'],
  defaultdev: 'd1',
  registered: true,
  members: 1,
});

describe('changedTeamFields', () => {
  it('is empty for an untouched form, milliseconds of a time and colour case included', () => {
    expect(changedTeamFields(team, formFromTeam(team))).toEqual({});
    expect(changedTeamFields(team, { ...formFromTeam(team), col: '#e53935' })).toEqual({});
  });

  it('holds exactly the changed fields, with empty inputs as null', () => {
    const form = {
      ...formFromTeam(team),
      name: ' Alpha 2 ',
      nr: '',
      klassid: '',
      col: '#1e88e5',
      finish: toLocalInput(1_700_000_360_000),
      allowed: false,
      katk: true,
    };
    expect(changedTeamFields(team, form)).toEqual({
      name: 'Alpha 2',
      nr: null,
      klassid: null,
      col: '#1e88e5',
      finishtime: 1_700_000_360_000,
      allowed: false,
      katk: true,
    });
  });

  it('clears a time and sends devices with their new default', () => {
    const form = removeDevice({ ...formFromTeam(team), start: '' }, 'd1');
    expect(changedTeamFields(team, form)).toEqual({
      starttime: null,
      devs: ['d2'],
      defaultdev: 'd2',
    });
  });
});

describe('removeDevice', () => {
  it('keeps the default when another device goes, and clears it with the last one', () => {
    const form = formFromTeam(team);
    expect(removeDevice(form, 'd2')).toMatchObject({ devs: ['d1'], defaultdev: 'd1' });
    expect(removeDevice(removeDevice(form, 'd2'), 'd1')).toMatchObject({
      devs: [],
      defaultdev: null,
    });
  });
});

describe('createTeamBody and teamFormErrors', () => {
  it('leaves out the empty number so the server picks the next one', () => {
    expect(createTeamBody({ ...emptyTeamForm('#43a047'), name: ' Delta ' })).toEqual({
      name: 'Delta',
      col: '#43a047',
    });
    const start = toLocalInput(1_700_000_000_000);
    expect(
      createTeamBody({ ...emptyTeamForm(''), name: 'E', nr: '12', klassid: 'B', start }),
    ).toEqual({ name: 'E', nr: '12', klassid: 'B', starttime: 1_700_000_000_000 });
  });

  it('needs a name, a short number and a hex colour', () => {
    expect(teamFormErrors({ ...emptyTeamForm('#fff'), nr: 'x'.repeat(21) })).toEqual({
      name: 'teams.form.namerequired',
      nr: 'teams.form.nrtoolong',
      col: 'teams.form.badcol',
    });
    expect(teamFormErrors({ ...emptyTeamForm(''), name: 'A' })).toEqual({});
  });

  it('refuses a half-typed start or finish rather than saving no time', () => {
    const form = {
      ...emptyTeamForm(''),
      name: 'A',
      start: 'invalid',
      finish: '2030-05-01T13:00:00',
    };
    expect(teamFormErrors(form)).toEqual({ start: 'starttime.error.invalid' });
  });
});
