import { useLayoutEffect, useState } from 'react';

/** The content width of `element` in CSS pixels, followed as it resizes (0 before it is known). */
export function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  // Measured before the first paint, so a caller that waits for the width renders once.
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setWidth(Math.round(element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
