import type { TFunction } from 'i18next';
import { TRACKING_APPS } from '@rada/core';
import type { TrackingApp, TrackingLinkView } from '@rada/core';

/**
 * Small pure helpers of the Tracking apps dialog: which tabs it has, each app's stores and
 * setup steps, the device name an app is given, and a link's status in words.
 */

/** A tab of the dialog: a background app, or (event admins) GPS trackers through Traccar. */
export type TrackingTab = TrackingApp | 'tracker';

/** The dialog's tabs: Traccar Client first (recommended), the GPS tracker tab for admins only. */
export function trackingTabs(admin: boolean): TrackingTab[] {
  return admin ? [...TRACKING_APPS, 'tracker'] : [...TRACKING_APPS];
}

/** The app a tab recommends, and the apps that exist for Android only. */
export const RECOMMENDED_APP: TrackingApp = 'traccar';
export const ANDROID_ONLY: readonly TrackingApp[] = ['gpslogger'];

/** Where each app is installed from: the store's text key and the app's page there. */
export const APP_STORES: Record<TrackingApp, { label: string; href: string }[]> = {
  traccar: [
    {
      label: 'tracking.store.play',
      href: 'https://play.google.com/store/apps/details?id=org.traccar.client',
    },
    { label: 'tracking.store.apple', href: 'https://apps.apple.com/app/id843156974' },
  ],
  osmand: [
    {
      label: 'tracking.store.play',
      href: 'https://play.google.com/store/apps/details?id=net.osmand',
    },
    { label: 'tracking.store.apple', href: 'https://apps.apple.com/app/id934850257' },
  ],
  owntracks: [
    {
      label: 'tracking.store.play',
      href: 'https://play.google.com/store/apps/details?id=org.owntracks.android',
    },
    { label: 'tracking.store.apple', href: 'https://apps.apple.com/app/id692424691' },
  ],
  gpslogger: [
    {
      label: 'tracking.store.play',
      href: 'https://play.google.com/store/apps/details?id=com.mendhak.gpslogger',
    },
    { label: 'tracking.store.fdroid', href: 'https://f-droid.org/packages/com.mendhak.gpslogger/' },
  ],
};

/**
 * The numbered steps of setting up `app` after installing it, as text keys (each may use
 * `{{app}}`): open or paste the link, the settings to check, location all the time, battery
 * optimisation off, start.
 */
export const APP_STEPS: Record<TrackingApp, string[]> = {
  traccar: [
    'tracking.traccar.open',
    'tracking.traccar.settings',
    'allow',
    'battery',
    'tracking.traccar.start',
  ],
  osmand: [
    'tracking.osmand.plugin',
    'tracking.osmand.url',
    'allow',
    'battery',
    'tracking.osmand.start',
  ],
  owntracks: [
    'tracking.owntracks.open',
    'tracking.owntracks.move',
    'allow',
    'battery',
    'tracking.owntracks.start',
  ],
  gpslogger: [
    'tracking.gpslogger.url',
    'tracking.gpslogger.settings',
    'allow',
    'battery',
    'tracking.gpslogger.start',
  ],
};

/** The text key of a step of APP_STEPS (the shared ones named short). */
export function stepKey(step: string): string {
  return step === 'allow' || step === 'battery' ? `tracking.step.${step}` : step;
}

/** The app's own name (the same in every language). */
const APP_SHORT: Record<TrackingApp, string> = {
  traccar: 'Traccar',
  osmand: 'OsmAnd',
  owntracks: 'OwnTracks',
  gpslogger: 'GPSLogger',
};

/**
 * What the app calls this phone (Traccar Client's device identifier, OwnTracks' device): the
 * team's number and name, cut short, and the app, e.g. "12 Alpha Traccar".
 */
export function trackingDeviceName(team: { name: string; nr: string | null }, app: TrackingApp) {
  const label = `${team.nr ? `${team.nr} ` : ''}${team.name}`.replace(/\s+/g, ' ').trim();
  const short = label.length > 20 ? label.slice(0, 20).trimEnd() : label;
  return `${short} ${APP_SHORT[app]}`.trim();
}

/** The absolute ingest URL of an app link on this site. */
export function linkUrl(origin: string, link: TrackingLinkView): string | null {
  return link.path === null ? null : `${origin}${link.path}`;
}

/** How long ago `at` was, in words ("just now", "2 min ago", "1 h 5 min ago"). */
export function agoText(t: TFunction, at: number, now: number): string {
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s < 10) return t('tracking.ago.now');
  if (s < 60) return t('tracking.ago.s', { count: s });
  const min = Math.floor(s / 60);
  if (min < 60) return t('tracking.ago.min', { count: min });
  const h = Math.floor(min / 60);
  if (h < 24) return t('tracking.ago.h', { count: h, min: min % 60 });
  return t('tracking.ago.d', { count: Math.floor(h / 24) });
}

/** A link's state: no request yet, requests without a stored point, or its newest point's age. */
export type LinkState = 'none' | 'seen' | 'point';

/** The state of `link` and what it says ("No point yet", "Last point 2 min ago"). */
export function linkStatus(
  t: TFunction,
  link: Pick<TrackingLinkView, 'lastSeen' | 'lastT'>,
  now: number,
): { state: LinkState; text: string } {
  if (link.lastT !== null) {
    return {
      state: 'point',
      text: t('tracking.status.last', { ago: agoText(t, link.lastT, now) }),
    };
  }
  if (link.lastSeen !== null) {
    return {
      state: 'seen',
      text: t('tracking.status.seen', { ago: agoText(t, link.lastSeen, now) }),
    };
  }
  return { state: 'none', text: t('tracking.status.none') };
}

/** The links of one tab, newest first. */
export function linksOf(links: readonly TrackingLinkView[], tab: TrackingTab): TrackingLinkView[] {
  return links.filter((l) => l.app === tab).sort((a, b) => b.createdAt - a.createdAt);
}
