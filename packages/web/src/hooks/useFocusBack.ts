import { useEffect, useRef } from 'react';

/**
 * Puts the keyboard focus back where it was when `busy` turned true. A button disabled while its
 * request runs drops the focus to the page's body; in a dialog, Escape and Tab then no longer
 * reach the dialog. When `busy` turns false and the focus is still nowhere, the element that had
 * it gets it again, if it is still on the page.
 */
export function useFocusBack(busy: boolean): void {
  const had = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (busy) {
      const active = document.activeElement;
      had.current = active instanceof HTMLElement && active !== document.body ? active : null;
      return;
    }
    const target = had.current;
    had.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost && target?.isConnected) target.focus();
  }, [busy]);
}
