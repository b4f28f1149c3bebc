import { SHORTLINK_MAX_LENGTH } from './limits.ts';

/** First path segments the app itself uses; an event may not take them as its short link. */
export const RESERVED_SHORTLINKS = new Set([
  'api',
  'assets',
  'account',
  'accountdelete',
  'auth',
  'cup',
  'play',
  'admin',
  'news',
  'favicon.ico',
  'robots.txt',
  'index.html',
]);

/**
 * Derives an event's short link from its name by removing spaces and accent marks
 * (spec 01 §5). Characters that cannot stand in a URL path segment are dropped too.
 */
export function shortlinkFromName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '')
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, SHORTLINK_MAX_LENGTH);
}

/** True when `link` can be used as an event id in `/{shortlink}`. */
export function isValidShortlink(link: string): boolean {
  return (
    link.length > 0 &&
    link.length <= SHORTLINK_MAX_LENGTH &&
    /^[A-Za-z0-9_-]+$/.test(link) &&
    !RESERVED_SHORTLINKS.has(link.toLowerCase())
  );
}
