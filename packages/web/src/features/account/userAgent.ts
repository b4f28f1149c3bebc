/**
 * A short name for a browser from its User-Agent ("Firefox on Linux"), or null when it says
 * nothing we recognise. Order matters: Edge and Opera also call themselves Chrome and Safari.
 */
export function describeUserAgent(ua: string | null): string | null {
  if (!ua) return null;
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => ua.includes(marker as string))?.[1] ?? null;
  const os =
    [
      ['Android', 'Android'],
      ['iPhone', 'iOS'],
      ['iPad', 'iPadOS'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => ua.includes(marker as string))?.[1] ?? null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? ua.slice(0, 60);
}
