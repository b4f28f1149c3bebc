import { formatPoints } from './exportCsv.ts';
import type { TeamResult } from './types.ts';

/** Options of the IOF writer; `createTime` is the caller's clock (the core never reads one). */
export interface IofOptions {
  eventName: string;
  classNames?: ReadonlyMap<string, string>;
  /** ISO 8601 time for the `createTime` attribute; omitted when not given. */
  createTime?: string;
}

/** Escapes text for XML content and attributes, dropping characters XML 1.0 cannot hold. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * The IOF status of a record: Disqualified (dsq), DidNotFinish (katk), OverTime, OK for
 * finished teams, and Active for teams still out (no finish time).
 */
export function iofStatus(r: TeamResult): string {
  if (r.dsq) return 'Disqualified';
  if (r.katk) return 'DidNotFinish';
  if (r.overtime) return 'OverTime';
  return r.spent === null ? 'Active' : 'OK';
}

const NO_CLASS = '';

function personResult(r: TeamResult, pad: string): string {
  const e = escapeXml;
  const status = iofStatus(r);
  const lines = [
    `${pad}<PersonResult>`,
    `${pad}  <EntryId>${e(r.teamId)}</EntryId>`,
    `${pad}  <Person><Id>${e(r.teamId)}</Id><Name><Family>${e(r.name)}</Family><Given></Given></Name></Person>`,
    `${pad}  <Result>`,
  ];
  if (r.spent !== null) lines.push(`${pad}    <Time>${r.spent / 1000}</Time>`);
  if (r.place !== null) lines.push(`${pad}    <Position>${r.place}</Position>`);
  lines.push(`${pad}    <Status>${status}</Status>`);
  lines.push(`${pad}    <Score>${formatPoints(r.sum)}</Score>`);
  const components: [string, number][] = [
    ['kpsum', r.kpsum],
    ['kppenalty', r.kppenalty],
    ['firstkpsbonus', r.firstkpsbonus],
    ['firstbonus', r.firstbonus],
    ['lypoints', r.lypoints],
    ['dstpoints', r.dstpoints],
    ['timepenalty', r.timepenaltytotal],
    ['spdpenalty', r.spdpenalty],
    ['okcount', r.okcount],
    ['wrongcount', r.wrongcount],
  ];
  for (const [type, value] of components) {
    lines.push(`${pad}    <Score type="${type}">${formatPoints(value)}</Score>`);
  }
  lines.push(`${pad}    <OverallResult>`);
  if (r.overallplace !== null) lines.push(`${pad}      <Position>${r.overallplace}</Position>`);
  lines.push(`${pad}      <Status>${status}</Status>`, `${pad}    </OverallResult>`);
  lines.push(`${pad}  </Result>`, `${pad}</PersonResult>`);
  return lines.join('\n');
}

/**
 * The results as an IOF XML 3.0 ResultList: one ClassResult per class in the records' order
 * (teams without a class under an empty class name), one PersonResult per team (the team is
 * the competitor) with Time in seconds, Position, Status, the sum as the untyped Score and its
 * components as typed Scores, and the overall place in OverallResult.
 */
export function resultsToIof(results: readonly TeamResult[], options: IofOptions): string {
  const names = options.classNames ?? new Map<string, string>();
  const groups = new Map<string, TeamResult[]>();
  for (const r of results) {
    const key = r.klassid ?? NO_CLASS;
    const list = groups.get(key);
    if (list) list.push(r);
    else groups.set(key, [r]);
  }
  const created = options.createTime ? ` createTime="${escapeXml(options.createTime)}"` : '';
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ResultList xmlns="http://www.orienteering.org/datastandard/3.0" iofVersion="3.0" status="Complete" creator="Rada"${created}>`,
    `  <Event><Name>${escapeXml(options.eventName)}</Name></Event>`,
  ];
  for (const [key, list] of groups) {
    const name = key === NO_CLASS ? '' : (names.get(key) ?? key);
    out.push('  <ClassResult>');
    out.push(
      key === NO_CLASS
        ? `    <Class><Name>${escapeXml(name)}</Name></Class>`
        : `    <Class><Id>${escapeXml(key)}</Id><Name>${escapeXml(name)}</Name></Class>`,
    );
    for (const r of list) out.push(personResult(r, '    '));
    out.push('  </ClassResult>');
  }
  out.push('</ResultList>');
  return out.join('\n') + '\n';
}
