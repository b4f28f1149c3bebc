import type { EventSummary, Me } from '@rada/core';

/** The event page's tabs, selected by the route's second segment. */
export const EVENT_TABS = [
  'overview',
  'kp',
  'teams',
  'map',
  'settings',
  'admins',
  'log',
  'export',
] as const;
export type EventTab = (typeof EVENT_TABS)[number];

/** Event admins (any role in the event) and super admins may configure the event. */
export function isEventAdmin(event: EventSummary, me: Me | null | undefined): boolean {
  return event.role !== null || me?.superAdmin === true;
}

/**
 * The tabs shown to the caller: admins see all; everyone sees the overview, the checkpoints too
 * when the event shows them on the web (`kpsinweb`), and the live map unless the event hides
 * its tracks (`hidetracks`).
 */
export function visibleTabs(admin: boolean, kpsinweb = false, hidetracks = true): EventTab[] {
  if (admin) return [...EVENT_TABS];
  const tabs: EventTab[] = ['overview'];
  if (kpsinweb) tabs.push('kp');
  if (!hidetracks) tabs.push('map');
  return tabs;
}

/**
 * Pages of an event page that are not tabs: the printable control-description sheet. (The start
 * screen and the participant app have their own routes, `/:evid/start` and `/:evid/play`.)
 */
export const EVENT_PAGES = ['kpprint'] as const;
export type EventPageName = (typeof EVENT_PAGES)[number];

/** The tab a `/:evid/:sub1` address selects; 'notfound' for an address the event has no page at. */
export function tabFromSub(sub1: string | undefined): EventTab | EventPageName | 'notfound' {
  if (sub1 === undefined || sub1 === '') return 'overview';
  if (sub1 === 'kpprint') return sub1;
  return EVENT_TABS.find((t) => t === sub1) ?? 'notfound';
}

/** The address of a tab of an event. */
export function tabPath(eventId: string, tab: EventTab): string {
  return tab === 'overview' ? `/${eventId}` : `/${eventId}/${tab}`;
}
