import type { EventSummary, Me } from '@rada/core';

/** The event page's tabs, selected by the route's second segment. */
export const EVENT_TABS = ['overview', 'settings', 'admins', 'export'] as const;
export type EventTab = (typeof EVENT_TABS)[number];

/** Event admins (any role in the event) and super admins may configure the event. */
export function isEventAdmin(event: EventSummary, me: Me | null | undefined): boolean {
  return event.role !== null || me?.superAdmin === true;
}

/** The tabs shown to the caller: everyone sees the overview, admins see all. */
export function visibleTabs(admin: boolean): EventTab[] {
  return admin ? [...EVENT_TABS] : ['overview'];
}

/** The tab a `/:evid/:sub1` address selects; 'coming' for parts of the app not built yet. */
export function tabFromSub(sub1: string | undefined): EventTab | 'coming' {
  if (sub1 === undefined || sub1 === '') return 'overview';
  return EVENT_TABS.find((t) => t === sub1) ?? 'coming';
}

/** The address of a tab of an event. */
export function tabPath(eventId: string, tab: EventTab): string {
  return tab === 'overview' ? `/${eventId}` : `/${eventId}/${tab}`;
}
