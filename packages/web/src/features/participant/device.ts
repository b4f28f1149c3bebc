import type { DeviceInfo } from '@rada/core';

/**
 * This installation's identity: a device id made once and kept, the device information sent
 * with its registration, and the guest account (made by POST /api/auth/guest: its reserved
 * email and device secret are remembered here to sign in again; older devices keep the
 * generated email and password of an ordinary account, which sign in the same way).
 */
const DEVICE_KEY = 'rada.deviceId';
const GUEST_KEY = 'rada.guest';
const RECENT_KEY = 'rada.play.recent';

function randomId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A fresh client id for an action (mark, start, finish). */
export function newCid(): string {
  return randomId();
}

/** This device's id, made on first use. */
export function deviceId(): string {
  try {
    const stored = localStorage.getItem(DEVICE_KEY);
    if (stored) return stored;
    const id = `web-${randomId()}`;
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return `web-${randomId()}`;
  }
}

/** What the device tells the organiser about itself (spec 01 §3 Team data). */
export function deviceInfo(): DeviceInfo {
  const uaData = (navigator as { userAgentData?: { platform: string; mobile: boolean } })
    .userAgentData;
  return {
    platform: navigator.platform || 'web',
    userAgent: navigator.userAgent.slice(0, 300),
    language: navigator.language,
    appVersion: 'web',
    displayMetrics: {
      width: window.screen.width,
      height: window.screen.height,
      density: window.devicePixelRatio,
    },
    standalone: window.matchMedia?.('(display-mode: standalone)').matches ?? false,
    // What Chromium browsers tell of the device beyond the user agent (the version tables read
    // the OS from the user agent: spec 02 §2 version distribution).
    ...(uaData ? { userAgentData: { platform: uaData.platform, mobile: uaData.mobile } } : {}),
  };
}

export interface GuestCredentials {
  email: string;
  password: string;
  displayName: string;
}

/** A new guest account's credentials, from `random` (a string of letters and digits). */
export function makeGuest(random: string, passwordPart: string): GuestCredentials {
  const tag = random
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 12);
  return {
    email: `guest-${tag}@guest.rada.local`,
    password: `g-${passwordPart}`,
    displayName: `Guest ${tag.slice(0, 4).toUpperCase()}`,
  };
}

/** The guest account remembered on this device, if any. */
export function storedGuest(): GuestCredentials | null {
  try {
    const raw = localStorage.getItem(GUEST_KEY);
    return raw ? (JSON.parse(raw) as GuestCredentials) : null;
  } catch {
    return null;
  }
}

export function storeGuest(guest: GuestCredentials): void {
  localStorage.setItem(GUEST_KEY, JSON.stringify(guest));
}

/** Forgets the guest's credentials (the account was upgraded: they no longer sign in). */
export function forgetGuest(): void {
  try {
    localStorage.removeItem(GUEST_KEY);
  } catch {
    // Nothing stored.
  }
}

/** A new guest's credentials from the browser's random source. */
export function newGuest(): GuestCredentials {
  return makeGuest(randomId().replace(/-/g, ''), randomId().replace(/-/g, ''));
}

/** Events opened in the participant app on this device, newest first. */
export interface RecentEvent {
  id: string;
  name: string;
  team: string;
  /** The team this device was last used for (a user may be in several teams of an event). */
  teamId?: string;
}

export function recentEvents(): RecentEvent[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentEvent[]) : [];
  } catch {
    return [];
  }
}

/** Remembers an opened event (at most ten). */
export function rememberEvent(event: RecentEvent): void {
  const list = [event, ...recentEvents().filter((e) => e.id !== event.id)].slice(0, 10);
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Not remembered: the list is a convenience.
  }
}
