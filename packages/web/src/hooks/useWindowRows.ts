import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

/** Pixels rendered above and below the window, so a fast scroll does not show blank rows. */
const OVERSCAN_PX = 400;

export interface WindowRows {
  /** The first and one past the last index to render. */
  start: number;
  end: number;
  /** Heights of the spacers standing in for the rows above `start` and below `end`. */
  padTop: number;
  padBottom: number;
}

interface Layout {
  /** Row tops, measured where rendered once and estimated elsewhere, and the list's end. */
  offsets: number[];
  /** The list's top relative to the window, and the window's height. */
  top: number;
  viewport: number;
}

/** Row tops of `count` rows of the given heights (`estimate` where none is known). */
function rowOffsets(heights: number[], count: number, estimate: number): number[] {
  const out = new Array<number>(count + 1);
  out[0] = 0;
  for (let i = 0; i < count; i++) out[i + 1] = out[i]! + (heights[i] ?? estimate);
  return out;
}

/** The index of the row at `y` pixels from the top of the list (`offsets` are its row tops). */
function rowAt(offsets: number[], y: number): number {
  let lo = 0;
  let hi = offsets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid]! <= y) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Virtualisation of a long list of table rows: only the rows near the view are rendered, with
 * spacer rows above and below. The view is the browser window, or `scroller` when the list
 * scrolls inside a box of its own. Rows may differ in height: each rendered row (found in
 * `container` by its `data-index`) is measured after rendering and the rest are estimated at
 * `estimate` pixels. When `enabled` is false every row is rendered.
 */
export function useWindowRows(
  count: number,
  estimate: number,
  enabled: boolean,
  container: RefObject<HTMLElement | null>,
  scroller?: HTMLElement | null,
): WindowRows {
  const heights = useRef<number[]>([]);
  const [layout, setLayout] = useState<Layout>(() => ({
    offsets: [],
    top: 0,
    viewport: typeof window === 'undefined' ? 1000 : window.innerHeight,
  }));

  // Measures the rendered rows and where the list is, and stores what changed. Runs after every
  // render and (at most once a frame) when the window scrolls or changes size.
  const update = useEffectEvent(() => {
    const el = container.current;
    if (!enabled || !el) return;
    let changed = false;
    for (const row of el.querySelectorAll<HTMLElement>('[data-index]')) {
      const index = Number(row.dataset.index);
      const height = row.getBoundingClientRect().height;
      if (height > 0 && heights.current[index] !== height) {
        heights.current[index] = height;
        changed = true;
      }
    }
    const box = scroller;
    const top = el.getBoundingClientRect().top - (box ? box.getBoundingClientRect().top : 0);
    const viewport = box ? box.clientHeight : window.innerHeight;
    // A few thousand additions: cheaper than keeping track of when they are needed.
    const offsets = rowOffsets(heights.current, count, estimate);
    setLayout((old) => {
      const stale = changed || old.offsets.length !== count + 1;
      // Sub-pixel moves are not worth a render (and could feed a loop of renders).
      if (!stale && Math.abs(old.top - top) < 1 && old.viewport === viewport) return old;
      return { offsets, top, viewport };
    });
  });
  useLayoutEffect(() => update());
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const onChange = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        update();
      });
    };
    const box = scroller ?? window;
    box.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      cancelAnimationFrame(frame);
      box.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
    };
  }, [enabled, scroller]);

  if (!enabled || count === 0) return { start: 0, end: count, padTop: 0, padBottom: 0 };
  // Until the first measurement, every row at its estimate and the list at the window's top.
  const offsets =
    layout.offsets.length === count + 1 ? layout.offsets : rowOffsets([], count, estimate);
  const from = Math.max(0, -layout.top - OVERSCAN_PX);
  const to = Math.max(0, -layout.top + layout.viewport + OVERSCAN_PX);
  const start = Math.min(count - 1, rowAt(offsets, from));
  const end = Math.min(count, rowAt(offsets, to) + 1);
  return {
    start,
    end,
    padTop: offsets[start]!,
    padBottom: offsets[count]! - offsets[end]!,
  };
}
