/** sessionStorage key: the visitor closed One Tap's prompt in this browser session. */
export const ONE_TAP_DISMISSED_KEY = 'rada.onetap.dismissed';

/** Whether the visitor closed One Tap's prompt earlier in this browser session. */
export function oneTapDismissed(): boolean {
  try {
    return sessionStorage.getItem(ONE_TAP_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/** The participant app (`/play`, `/{event}/play…`), where no One Tap prompt covers the phone's screen. */
export const isParticipantPath = (pathname: string): boolean =>
  /^\/(?:[^/]+\/)?play(\/|$)/.test(pathname);

/**
 * Holds One Tap back for the rest of this browser session: the visitor closed its prompt, or
 * signed out (or deleted the account), and would not want to be signed straight back in.
 */
export function dismissOneTap(): void {
  try {
    sessionStorage.setItem(ONE_TAP_DISMISSED_KEY, '1');
  } catch {
    // No storage (private mode): the prompt may come again, Google then holds it back itself.
  }
}
