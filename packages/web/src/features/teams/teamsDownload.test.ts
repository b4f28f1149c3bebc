import { describe, expect, it } from 'vitest';
import { teamListEntry } from '@rada/core/testing';
import i18n from '../../i18n/index.ts';
import { entryListFile, startListFile, teamsCsvFile } from './teamsDownload.ts';

const teams = [
  teamListEntry('a', { nr: '1', klassid: 'm', starttime: Date.UTC(2026, 4, 1, 9, 0, 0) }),
  teamListEntry('b', { klassid: 'm' }),
  teamListEntry('off', { disabled: true }),
];
const classes = new Map([['m', 'Mehed']]);
const event = { id: 'kevad', name: 'Kevad' };

describe('Teams downloads', () => {
  it('the CSV has headers in the user language', async () => {
    await i18n.changeLanguage('et');
    const file = teamsCsvFile(teams, classes, [], 'kevad', i18n.t);
    expect(file.name).toBe('kevad-teams.csv');
    expect(file.text).toMatch(/^\uFEFFNumber;Võistkond;Klass;Start;/);
    expect(file.text).toContain('\r\n1;A;Mehed;2026-05-01T');
    await i18n.changeLanguage('en');
  });

  it('the start list has the start times, the entry list the members, without disabled teams', () => {
    const start = startListFile(teams, classes, event);
    expect(start.name).toBe('kevad-startlist.xml');
    expect(start.text).toContain(
      '<Class><Id>1</Id><Name>Mehed</Name><Extensions><rada:Key>m</rada:Key></Extensions></Class>',
    );
    expect(start.text).toMatch(
      /<BibNumber>1<\/BibNumber><StartTime>2026-05-01T\d\d:00:00[+-]\d\d:\d\d</,
    );
    expect(start.text).not.toContain('OFF');
    const entries = entryListFile(teams, classes, { a: ['Mari Maasikas'] }, event);
    expect(entries.text).toContain(
      '<TeamEntryPerson><Person><Name><Family>Maasikas</Family><Given>Mari</Given></Name></Person></TeamEntryPerson>',
    );
    expect(entries.text.match(/<TeamEntry>/g)).toHaveLength(2);
  });

  it('the start list gives every team the mass start where set, else the event start', () => {
    const mass = Date.UTC(2026, 4, 1, 8, 0, 0);
    const starts = (text: string) => [...text.matchAll(/<StartTime>([^<]+)</g)].map((m) => m[1]);
    const withMass = starts(startListFile(teams, classes, { ...event, massStart: mass }).text);
    expect(withMass).toHaveLength(2);
    expect(Date.parse(withMass[0]!)).toBe(mass);
    expect(Date.parse(withMass[1]!)).toBe(mass);
    // Team a keeps its own start; team b has none and gets the event's.
    const own = starts(startListFile(teams, classes, { ...event, starttime: mass }).text);
    expect(own.map((t) => Date.parse(t!))).toEqual([Date.UTC(2026, 4, 1, 9, 0, 0), mass]);
  });
});
