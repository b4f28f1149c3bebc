/**
 * The in-app path of a scanned join QR code: a join link of this app (`…/{evid}/join/{code}`,
 * any host, since codes are printed from other servers' addresses too) or a bare code, which
 * goes through `codePath`. Null when the text is neither.
 */
export function pathFromQr(text: string, codePath: (code: string) => string): string | null {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    const m = /^\/([^/]+)\/join\/([A-Za-z0-9]+)\/?$/.exec(url.pathname);
    return m ? `/${m[1]}/join/${m[2]?.toUpperCase()}` : null;
  } catch {
    return /^[A-Za-z0-9]{4,32}$/.test(trimmed) ? codePath(trimmed.toUpperCase()) : null;
  }
}
