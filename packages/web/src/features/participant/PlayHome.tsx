/** `/play`: the participant app's start: sign in, pick an event or type a join code (placeholder). */
export function PlayHome() {
  return null;
}
