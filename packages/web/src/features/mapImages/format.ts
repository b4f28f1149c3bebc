/** How the panel writes a map's size: "8000 × 6000 px · 12.3 MB". */
export function sizeText(m: { width: number; height: number; bytes: number }): string {
  return `${m.width} × ${m.height} px · ${megabytes(m.bytes)}`;
}

/** Bytes as megabytes with one decimal (two under 1 MB, so a small file is not "0.0 MB"). */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb.toFixed(mb < 1 ? 2 : 1)} MB`;
}
