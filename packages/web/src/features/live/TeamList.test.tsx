import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import 'dayjs/locale/et';
import type { LocationPoint, TrackSource } from '@rada/core';
import { setLanguage } from '../../i18n/index.ts';
import { TeamList, WINDOW_FROM, compareTeams, windowRows } from './TeamList.tsx';
import { TrackStore } from './trackStore.ts';
import { replayTimeText } from './ReplayBar.tsx';
import type { TeamTrack } from './trackStore.ts';

const team = (teamId: string, nr: string | null, name: string): TeamTrack => ({
  teamId,
  nr,
  name,
  colour: '#000',
  battery: null,
  src: null,
  srcT: -Infinity,
  points: [],
});

describe('team list order', () => {
  it('orders by number numerically, then text numbers, then teams without one by name', () => {
    const teams = [
      team('a', '10', 'Ten'),
      team('b', null, 'Zulu'),
      team('c', '2', 'Two'),
      team('d', 'B1', 'Bee'),
      team('e', null, 'Alpha'),
    ];
    expect(teams.sort(compareTeams).map((t) => t.teamId)).toEqual(['c', 'a', 'd', 'e', 'b']);
  });
});

describe('replay time', () => {
  it('shows the date and HH:mm:ss in the interface language', () => {
    const t = new Date(2026, 4, 9, 7, 5, 3).getTime();
    expect(replayTimeText(t, 'en')).toBe('09 May 2026 07:05:03');
    expect(replayTimeText(t, 'et')).toBe('9. mai 2026 07:05:03');
  });
});

const MIN = 60_000;
const NOW = 1_800_000_000_000;
const pt = (t: number): LocationPoint => ({
  t,
  y: 58.3,
  x: 26.7,
  a: null,
  s: null,
  l: null,
  g: null,
  d: null,
});

function renderList(teams: TeamTrack[], showBattery = true) {
  render(
    <TeamList
      teams={teams}
      t={NOW}
      ageNow={NOW}
      selectedId={null}
      onSelect={() => undefined}
      showBattery={showBattery}
    />,
  );
}

describe('TeamList', () => {
  afterEach(cleanup);

  it('draws only the rows in view of a long list, and the rows scrolled to', async () => {
    expect(windowRows(2000, 0, 320)).toEqual([0, 15]);
    expect(windowRows(2000, 52 * 100, 320)).toEqual([92, 115]);
    expect(windowRows(10, 52 * 100, 320)).toEqual([10, 10]);
    await setLanguage('en');
    const many = Array.from({ length: 2000 }, (_, i) => team(`t${i}`, String(i + 1), `Team ${i}`));
    renderList(many);
    const list = screen.getByTestId('live-teams');
    expect(list.dataset.windowed).toBe('true');
    const rows = () =>
      list.querySelectorAll('[data-testid^="live-team-t"]:not([data-testid*="age"])');
    expect(rows().length).toBeLessThan(40);
    expect(screen.getByTestId('live-team-t0')).toBeTruthy();
    // Rows sorted by number: row 1000 is team t999.
    list.scrollTop = 52 * 1000;
    fireEvent.scroll(list);
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(screen.queryByTestId('live-team-t0')).toBeNull();
    expect(screen.getByTestId('live-team-t999')).toBeTruthy();
    expect(rows().length).toBeLessThan(40);
    cleanup();
    // A short list is drawn whole.
    renderList(many.slice(0, WINDOW_FROM - 1));
    expect(screen.getByTestId('live-teams').dataset.windowed).toBe('false');
    expect(screen.getByTestId(`live-team-t${WINDOW_FROM - 2}`)).toBeTruthy();
  });

  it('names each team’s source with its age and battery, in English and Estonian', async () => {
    const sources: [string, TrackSource, string, string][] = [
      ['a', 'app', 'App', 'Rakendus'],
      ['t', 'traccar', 'Traccar Client', 'Traccar Client'],
      ['o', 'osmand', 'OsmAnd', 'OsmAnd'],
      ['w', 'owntracks', 'OwnTracks', 'OwnTracks'],
      ['g', 'gpslogger', 'GPSLogger', 'GPSLogger'],
      ['k', 'tracker', 'Tracker', 'GPS-jälgija'],
    ];
    const teams = sources.map(([id, src]) => ({
      ...team(id, null, id),
      src,
      battery: 0.64,
      points: [pt(NOW - 30_000)],
    }));
    await setLanguage('en');
    renderList(teams);
    for (const [id, src, en] of sources) {
      const label = screen.getByTestId(`live-team-source-${id}`);
      expect(label.textContent).toBe(en);
      expect(label.dataset.src).toBe(src);
      expect(label.title).toBe(`Positions come from: ${en}`);
      // Beside the age and the battery, in the same row.
      const row = within(screen.getByTestId(`live-team-${id}`));
      expect(row.getByTestId(`live-team-age-${id}`).textContent).toBe('30 s ago');
      expect(row.getByTestId(`live-team-battery-${id}`).textContent).toBe('64%');
    }
    cleanup();
    await setLanguage('et');
    renderList(teams);
    for (const [id, , , et] of sources)
      expect(screen.getByTestId(`live-team-source-${id}`).textContent).toBe(et);
    expect(screen.getByTestId('live-team-age-t').textContent).toBe('30 s tagasi');
    await setLanguage('en');
  });

  it('shows no source before a team has a point', async () => {
    await setLanguage('en');
    renderList([{ ...team('n', null, 'None'), src: 'app' }, team('z', null, 'Zero')]);
    expect(screen.queryByTestId('live-team-source-n')).toBeNull();
    expect(screen.queryByTestId('live-team-source-z')).toBeNull();
    expect(screen.getByTestId('live-team-age-n').textContent).toBe('no location');
  });

  it('says a team has had no position for a while past the gap threshold', async () => {
    await setLanguage('en');
    renderList([
      { ...team('q', null, 'Quiet'), src: 'traccar', points: [pt(NOW - 14 * MIN)] },
      { ...team('r', null, 'Recent'), src: 'traccar', points: [pt(NOW - 4 * MIN)] },
    ]);
    const quiet = screen.getByTestId('live-team-age-q');
    expect(quiet.textContent).toBe('no position for 14 min');
    expect(quiet.dataset.gap).toBe('true');
    expect(screen.getByTestId('live-team-age-r').textContent).toBe('4 min ago');
    expect(screen.getByTestId('live-team-age-r').dataset.gap).toBe('false');
    cleanup();
    await setLanguage('et');
    renderList([{ ...team('q', null, 'Quiet'), src: 'traccar', points: [pt(NOW - 14 * MIN)] }]);
    expect(screen.getByTestId('live-team-age-q').textContent).toBe('asukohta pole olnud 14 min');
    await setLanguage('en');
  });

  it('follows a live batch’s source through the store, a newer point winning over a summary', async () => {
    await setLanguage('en');
    const store = new TrackStore();
    const stat = (src: TrackSource | undefined, lastT: number) => ({
      dst: 0,
      moving: 0,
      avgspd: null,
      points: 1,
      firstT: lastT,
      lastT,
      last: null,
      battery: 0.5,
      ...(src ? { src } : {}),
    });
    // A summary written before sources existed: Rada's app.
    store.setSummaries([
      { teamId: 'x', name: 'X', nr: '1', col: null, stat: stat(undefined, NOW - 2 * MIN) },
    ]);
    store.addPoints('x', [pt(NOW - 2 * MIN)]);
    expect(store.teams.get('x')!.src).toBe('app');
    store.addBatches([
      { devid: 'd1', uid: null, tid: 'x', src: 'traccar', locations: [pt(NOW - MIN)] },
    ]);
    renderList([...store.teams.values()]);
    expect(screen.getByTestId('live-team-source-x').textContent).toBe('Traccar Client');
    // An older summary (fetched before the batch) does not take it back; a newer one does.
    store.setSummaries([
      { teamId: 'x', name: 'X', nr: '1', col: null, stat: stat('app', NOW - 2 * MIN) },
    ]);
    expect(store.teams.get('x')!.src).toBe('traccar');
    store.setSummaries([
      { teamId: 'x', name: 'X', nr: '1', col: null, stat: stat('tracker', NOW) },
    ]);
    expect(store.teams.get('x')!.src).toBe('tracker');
  });
});
