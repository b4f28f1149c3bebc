import { afterEach, describe, expect, it } from 'vitest';
import { teamListEntry } from '@rada/core/testing';
import { teamTimeWarnings } from '@rada/core';
import i18n from '../../i18n/index.ts';
import { editChange, flagChange, timeWarningTexts, timesChange } from './teamChanges.ts';

const H = 3_600_000;
/** Local times: the texts show the reader's clock. */
const at = (h: number, m = 0, s = 0) => new Date(2030, 4, 1, h, m, s).getTime();
const t = i18n.t;

afterEach(() => i18n.changeLanguage('en'));

describe('flagChange', () => {
  it("says what the switch does to the team's place and puts the old value back", () => {
    const alpha = teamListEntry('a', { name: 'Alpha' });
    expect(flagChange(t, alpha, 'dsq', true)).toEqual({
      teamId: 'a',
      name: 'Alpha',
      text: 'Alpha disqualified: no place in the results',
      revert: { dsq: false },
    });
    const out = teamListEntry('a', { name: 'Alpha', katk: true });
    expect(flagChange(t, out, 'katk', false)).toMatchObject({
      text: 'Alpha no longer withdrawn: placed in the results again',
      revert: { katk: true },
    });
  });

  it('does not promise a place to a team the other switch still keeps out', () => {
    const both = teamListEntry('a', { name: 'Alpha', dsq: true, katk: true });
    expect(flagChange(t, both, 'dsq', false).text).toBe(
      'Alpha no longer disqualified, but still withdrawn: no place in the results',
    );
  });

  it('speaks Estonian', async () => {
    await i18n.changeLanguage('et');
    const alpha = teamListEntry('a', { name: 'Alpha' });
    expect(flagChange(i18n.t, alpha, 'dsq', true).text).toBe(
      'Alpha on diskvalifitseeritud: tulemustes kohata',
    );
  });
});

describe('timesChange', () => {
  const bravo = teamListEntry('b', { name: 'Bravo', starttime: at(10), finishtime: null });

  it('names the changed times with their old values and reverts only those', () => {
    expect(timesChange(t, bravo, { starttime: at(10), finishtime: at(19) })).toEqual({
      teamId: 'b',
      name: 'Bravo',
      text: 'Bravo: finish 01.05.2030 19:00:00 (was none)',
      revert: { finishtime: null },
    });
    expect(timesChange(t, bravo, { starttime: at(10, 5, 30), finishtime: at(13) })?.text).toBe(
      'Bravo: start 01.05.2030 10:05:30 (was 01.05.2030 10:00:00); finish 01.05.2030 13:00:00 (was none)',
    );
  });

  it('is null when nothing changed', () => {
    expect(timesChange(t, bravo, { starttime: at(10), finishtime: null })).toBeNull();
  });
});

describe('editChange', () => {
  const alpha = teamListEntry('a', { name: 'Alpha', starttime: at(10), finishtime: at(13) });

  it('says an edit of the times as the row does, keeping an untouched time', () => {
    expect(editChange(t, alpha, { finishtime: null })).toEqual({
      teamId: 'a',
      name: 'Alpha',
      text: 'Alpha: finish none (was 01.05.2030 13:00:00)',
      revert: { finishtime: at(13) },
    });
    expect(editChange(t, alpha, { starttime: at(10, 5), finishtime: at(13) })?.revert).toEqual({
      starttime: at(10),
    });
  });

  it('says one DSQ or withdrawn switch as the row does', () => {
    expect(editChange(t, alpha, { katk: true })).toEqual(flagChange(t, alpha, 'katk', true));
  });

  it('leaves any other edit unsaid', () => {
    expect(editChange(t, alpha, {})).toBeNull();
    expect(editChange(t, alpha, { name: 'Alpha 2' })).toBeNull();
    expect(editChange(t, alpha, { finishtime: at(14), name: 'Alpha 2' })).toBeNull();
    expect(editChange(t, alpha, { dsq: true, katk: true })).toBeNull();
  });
});

describe('timeWarningTexts', () => {
  const event = { starttime: at(10), endtime: at(16) };
  const none = { starttime: null, finishtime: null };

  it('says what is wrong with each time in words', () => {
    const now = at(12);
    const future = teamTimeWarnings({ starttime: at(10), finishtime: at(15, 5) }, none, event, now);
    expect(timeWarningTexts(t, future)).toEqual([
      'The finish 01.05.2030 15:05:00 is 3 h 5 min in the future: that time has not come yet.',
    ]);
    const odd = teamTimeWarnings({ starttime: at(9), finishtime: at(8, 50) }, none, event, now);
    expect(timeWarningTexts(t, odd)).toEqual([
      'The start 01.05.2030 09:00:00 is before the event starts (01.05.2030 10:00:00).',
      'The finish 01.05.2030 08:50:00 is before the event starts (01.05.2030 10:00:00).',
      "The finish 01.05.2030 08:50:00 is before the team's start (01.05.2030 09:00:00).",
    ]);
  });

  it('speaks Estonian, minutes alone under an hour', async () => {
    await i18n.changeLanguage('et');
    const late = teamTimeWarnings(
      { starttime: null, finishtime: at(16, 40) },
      none,
      event,
      at(16, 28) - 0.4 * H,
    );
    expect(timeWarningTexts(i18n.t, late)).toEqual([
      'Finiš 01.05.2030 16:40:00 on pärast võistluse lõppu (01.05.2030 16:00:00).',
      'Finiš 01.05.2030 16:40:00 on 36 min tulevikus: see aeg pole veel käes.',
    ]);
  });
});
