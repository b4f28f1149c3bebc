import type { TeamListEntry } from '../teams.ts';

/** A team list entry with every field at its plain default, changed by `over`. */
export function teamListEntry(id: string, over: Partial<TeamListEntry> = {}): TeamListEntry {
  return {
    id,
    name: id.toUpperCase(),
    nr: null,
    klassid: null,
    starttime: null,
    finishtime: null,
    dsq: false,
    katk: false,
    disabled: false,
    allowed: true,
    lypoints: {},
    answers: 0,
    col: null,
    devs: [],
    defaultdev: null,
    registered: false,
    members: 0,
    ...over,
  };
}
