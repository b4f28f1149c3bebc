/** A moment as the start screen shows it: local time of day, hh:mm:ss (24 h). */
export function clockText(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
}
