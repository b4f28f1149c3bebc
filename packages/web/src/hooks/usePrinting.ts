import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Hidden on paper. */
export const SCREEN_ONLY = { '@media print': { display: 'none' } };
/** Shown only on paper. */
export const PRINT_ONLY = { display: 'none', '@media print': { display: 'block' } };

/**
 * Whether the page is being printed (or shown as printed): a printed copy (every class, for
 * example) is built only then. `beforeprint` renders it synchronously, before the browser lays
 * out the paper.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const media = window.matchMedia('print');
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(media.matches);
    const change = () => (media.matches ? before() : setPrinting(false));
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    media.addEventListener('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media.removeEventListener('change', change);
    };
  }, []);
  return printing;
}
