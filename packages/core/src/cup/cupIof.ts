import {
  IOF_NO_CLASS_ID,
  IOF_NO_CLASS_NAME,
  iofClassIds,
  iofClassXml,
  iofHeader,
  iofTeamPersonXml,
} from '../scoring/exportIof.ts';
import { escapeXml, isoWithOffset, xmlDecimal } from '../xmlText.ts';
import type { CupRow } from './standings.ts';

/** Options of the cup's IOF list; times come from the caller (the core never reads a clock). */
export interface CupIofOptions {
  cupName: string;
  /** ISO 8601 time for the `createTime` attribute; omitted when not given. */
  createTime?: string;
  /** `Snapshot` while the standings may still change (an event without results), else `Complete`. */
  complete: boolean;
  /**
   * The cup's first start (epoch ms), written as every team's StartTime: SportOrg cannot read a
   * result without one. Omitted when not given.
   */
  startTime?: number | null;
  /** Minutes east of UTC at an instant, for the StartTime (default +00:00). */
  offsetMinutes?: (t: number) => number;
}

/**
 * The cup standings as an IOF XML 3.0 ResultList: a ClassResult per class in the rows' order
 * (Id = the class's 1-based position, IOF_NO_CLASS_ID and IOF_NO_CLASS_NAME for teams without
 * one), a PersonResult per cup team with the team name as the person (split as personName does),
 * the cup's first start as StartTime when given, Position only for placed teams (Status OK,
 * others Inactive), the total as
 * `Score type="Score"` and each event's score in Extensions as
 * `<rada:CupEvent index="1" id="…" used="true|false" own="true|false">25</rada:CupEvent>`.
 */
export function cupStandingsToIof(
  rows: readonly CupRow[],
  events: readonly { id: string; name: string }[],
  options: CupIofOptions,
): string {
  const out = iofHeader('ResultList', options.complete ? 'Complete' : 'Snapshot', {
    eventName: options.cupName,
    createTime: options.createTime,
  });
  let current: string | null = null;
  const ids = iofClassIds(
    undefined,
    rows.map((r) => r.class || null),
  );
  const start =
    options.startTime === null || options.startTime === undefined
      ? ''
      : `        <StartTime>${isoWithOffset(options.startTime, options.offsetMinutes)}</StartTime>`;
  for (const r of rows) {
    if (r.class !== current) {
      if (current !== null) out.push('  </ClassResult>');
      current = r.class;
      const cls =
        r.class === ''
          ? iofClassXml(IOF_NO_CLASS_ID, IOF_NO_CLASS_NAME, null)
          : iofClassXml(ids.get(r.class)!, r.class, null);
      out.push('  <ClassResult>', `    ${cls}`);
    }
    const placed = r.place !== null;
    const scores = events
      .map((e, i) => {
        const s = r.scores[i];
        if (s === null || s === undefined) return '';
        const attrs = `index="${i + 1}" id="${escapeXml(e.id)}" used="${r.used[i] === true}" own="${r.own[i] === true}"`;
        return `<rada:CupEvent ${attrs}>${xmlDecimal(s, 2)}</rada:CupEvent>`;
      })
      .join('');
    out.push(
      '    <PersonResult>',
      `      <EntryId>${escapeXml(r.key)}</EntryId>`,
      `      ${iofTeamPersonXml(r.key, r.name)}`,
      '      <Result>',
      ...(start ? [start] : []),
      ...(placed ? [`        <Position>${r.place}</Position>`] : []),
      `        <Status>${placed ? 'OK' : 'Inactive'}</Status>`,
      `        <Score type="Score">${xmlDecimal(r.total, 2)}</Score>`,
      `        <Extensions>${scores}</Extensions>`,
      '      </Result>',
      '    </PersonResult>',
    );
  }
  if (current !== null) out.push('  </ClassResult>');
  out.push('</ResultList>');
  return out.join('\n') + '\n';
}
