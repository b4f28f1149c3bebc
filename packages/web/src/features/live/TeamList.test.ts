import { describe, expect, it } from 'vitest';
import 'dayjs/locale/et';
import { compareTeams } from './TeamList.tsx';
import { replayTimeText } from './ReplayBar.tsx';
import type { TeamTrack } from './trackStore.ts';

const team = (teamId: string, nr: string | null, name: string): TeamTrack => ({
  teamId,
  nr,
  name,
  colour: '#000',
  battery: null,
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
