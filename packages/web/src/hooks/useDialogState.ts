import { useCallback, useState } from 'react';

/**
 * Open/close state of a dialog plus a `key` that changes on every opening, so the dialog's
 * form starts fresh each time while its closing animation still shows the last state.
 */
export function useDialogState() {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  const show = useCallback(() => {
    setKey((k) => k + 1);
    setOpen(true);
  }, []);
  const hide = useCallback(() => setOpen(false), []);
  return { open, key, show, hide };
}
