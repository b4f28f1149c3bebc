import { describe, expect, it } from 'vitest';
import { entryListToIof, personName, startListToIof, type IofEntry } from '../scoring/exportIof.ts';
import { parseIofTeams } from './iofEntries.ts';
import { planTeamImport } from './plan.ts';
import { acceptedTeamInputs } from './types.ts';

const entries: IofEntry[] = [
  {
    teamId: 'a',
    name: 'Metsavennad',
    nr: '1',
    klassid: 'k1',
    starttime: Date.parse('2024-05-18T07:00:00Z'),
    members: ['Liis Saar', 'Toomas van der Mägi'].map(personName),
  },
  { teamId: 'b', name: 'Üksik & <hunt>', nr: '12B', klassid: null, starttime: null, members: [] },
];
const classes = new Map([['k1', 'Pere 6h']]);

describe('Rada writes, Rada reads', () => {
  it('an EntryList gives back the same teams: names, numbers, classes, members', () => {
    const xml = entryListToIof(entries, { eventName: 'E', classNames: classes });
    const inputs = acceptedTeamInputs(parseIofTeams(xml))!;
    expect(inputs).toEqual([
      {
        name: 'Metsavennad',
        nr: '1',
        className: 'Pere 6h',
        members: ['Liis Saar', 'Toomas van der Mägi'],
      },
      { name: 'Üksik & <hunt>', nr: '12B' },
    ]);
    // Read into an empty event: the classes come back under their names, the teams in order.
    const plan = planTeamImport([], classes, inputs, 'add');
    expect(plan.add.map((a) => [a.name, a.nr, a.klassid ?? null, a.members ?? []])).toEqual([
      ['Metsavennad', '1', 'k1', ['Liis Saar', 'Toomas van der Mägi']],
      ['Üksik & <hunt>', '12B', null, []],
    ]);
  });

  it('a StartList gives back numbers, classes and start times (offsets kept)', () => {
    const xml = startListToIof(entries, {
      eventName: 'E',
      classNames: classes,
      offsetMinutes: () => 180,
    });
    const inputs = acceptedTeamInputs(parseIofTeams(xml, { timeZone: 'UTC' }))!;
    expect(inputs.map((i) => [i.name, i.nr, i.className ?? null, i.starttime ?? null])).toEqual([
      ['Metsavennad', '1', 'Pere 6h', Date.parse('2024-05-18T07:00:00Z')],
      ['Üksik & <hunt>', '12B', null, null],
    ]);
  });
});
