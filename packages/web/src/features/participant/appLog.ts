/**
 * The app's own log: a ring buffer of recent lines, kept in memory and mirrored to
 * localStorage, which the organiser may ask for (sendLog).
 */
export const LOG_MAX_LINES = 500;
const STORAGE_KEY = 'rada.play.log';

/** Appends `line` to `lines`, keeping at most `max` of the newest. */
export function appendRing(lines: readonly string[], line: string, max = LOG_MAX_LINES): string[] {
  const next = [...lines, line];
  return next.length > max ? next.slice(next.length - max) : next;
}

function load(): string[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}

let lines: string[] | null = null;

/** Writes one line (time-stamped) to the app log. */
export function logEvent(text: string): void {
  lines = appendRing(lines ?? load(), `${new Date().toISOString()} ${text}`);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Storage full or unavailable: the log lives in memory only.
  }
}

/** The whole log as text, oldest line first. */
export function logText(): string {
  return (lines ?? load()).join('\n');
}
