/** How the panel writes a map's size: "8000 × 6000 px · 12.3 MB". */
export function sizeText(m: { width: number; height: number; bytes: number }): string {
  return `${m.width} × ${m.height} px · ${megabytes(m.bytes)}`;
}

/** Bytes as megabytes with one decimal; under a tenth of a megabyte, as kilobytes. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 0.1) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${mb.toFixed(1)} MB`;
}
