import { beforeAll, describe, expect, it } from 'vitest';
import i18n from 'i18next';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { GAP_SHOWN_MS, TRACKING_FRESH_MS, gapText, untrackedGap } from './backgroundGap.ts';

const T0 = Date.parse('2030-05-01T10:00:00Z');
const min = 60_000;

describe('untrackedGap', () => {
  it('counts from the hiding to the return when the team was tracked as the page hid', () => {
    const spell = { hiddenAt: T0, running: true, lastPointT: T0 - 2000 };
    expect(untrackedGap(spell, T0 + 14 * min, T0 - 2000)).toBe(14 * min);
  });

  it('says nothing for a glance shorter than a minute', () => {
    const spell = { hiddenAt: T0, running: true, lastPointT: T0 };
    expect(untrackedGap(spell, T0 + GAP_SHOWN_MS - 1, T0)).toBeNull();
    expect(untrackedGap(spell, T0 + GAP_SHOWN_MS, T0)).toBe(GAP_SHOWN_MS);
  });

  it('counts from the newest position kept while hidden', () => {
    const spell = { hiddenAt: T0, running: true, lastPointT: T0 };
    // Positions came for 10 of the 14 minutes: 4 untracked.
    expect(untrackedGap(spell, T0 + 14 * min, T0 + 10 * min)).toBe(4 * min);
    // Positions until 30 s before the return: nothing to say.
    expect(untrackedGap(spell, T0 + 14 * min, T0 + 14 * min - 30_000)).toBeNull();
  });

  it('says nothing when the team was not running or not tracked as the page hid', () => {
    expect(
      untrackedGap({ hiddenAt: T0, running: false, lastPointT: T0 }, T0 + 30 * min, T0),
    ).toBeNull();
    expect(
      untrackedGap({ hiddenAt: T0, running: true, lastPointT: null }, T0 + 30 * min, null),
    ).toBeNull();
    const stale = { hiddenAt: T0, running: true, lastPointT: T0 - TRACKING_FRESH_MS - 1 };
    expect(untrackedGap(stale, T0 + 30 * min, stale.lastPointT)).toBeNull();
    const fresh = { hiddenAt: T0, running: true, lastPointT: T0 - TRACKING_FRESH_MS };
    expect(untrackedGap(fresh, T0 + 30 * min, fresh.lastPointT)).toBe(30 * min);
  });
});

describe('gapText', () => {
  beforeAll(async () => {
    await setLanguage('en');
  });

  it('says minutes, then hours and minutes, in both languages', async () => {
    const t = i18n.t.bind(i18n);
    expect(gapText(t, 14 * min + 59_000)).toBe('14 min');
    expect(gapText(t, 65 * min)).toBe('1 h 5 min');
    expect(t('tracking.gap', { duration: gapText(t, 14 * min) })).toBe(
      'Not tracked for 14 min while the app was in the background.',
    );
    await setLanguage('et');
    expect(i18n.t('tracking.gap', { duration: gapText(i18n.t.bind(i18n), 125 * min) })).toBe(
      'Rakendus oli taustal ja ei jälginud 2 h 5 min.',
    );
    await setLanguage('en');
  });
});
