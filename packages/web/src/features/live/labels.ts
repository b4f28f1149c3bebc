/** A label box wanted at a marker (screen pixels): right of the marker, vertically centred. */
export interface LabelWish {
  id: string;
  px: number;
  py: number;
  /** Text length in characters (the width is estimated from it). */
  chars: number;
}

/** Estimated label size: the tooltip's padding plus about 7 px per character of 12 px text. */
export const LABEL_CHAR_PX = 7;
export const LABEL_PAD_PX = 20;
export const LABEL_HEIGHT_PX = 20;

/** Something a label must not cover: a marker or a count bubble (centre and radius, pixels). */
export interface LabelObstacle {
  px: number;
  py: number;
  r: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * Which labels to show so none covers another label, a marker or a bubble: greedy in the given
 * order (put the selected team first), a label is kept when its box, right of its marker (which
 * is one of the obstacles, of radius `gap` or less), is free. A grid of occupied cells keeps
 * hundreds of labels cheap.
 */
export function placeLabels(
  wishes: readonly LabelWish[],
  obstacles: readonly LabelObstacle[] = [],
  gap = 10,
): Set<string> {
  const cell = 32;
  const taken = new Map<string, Box[]>();
  const cellsOf = (box: Box) => {
    const keys: string[] = [];
    for (let cx = Math.floor(box.x0 / cell); cx <= Math.floor(box.x1 / cell); cx++) {
      for (let cy = Math.floor(box.y0 / cell); cy <= Math.floor(box.y1 / cell); cy++) {
        keys.push(`${cx},${cy}`);
      }
    }
    return keys;
  };
  const occupy = (box: Box, keys: string[]) => {
    for (const k of keys) {
      const list = taken.get(k);
      if (list) list.push(box);
      else taken.set(k, [box]);
    }
  };
  for (const o of obstacles) {
    const box = { x0: o.px - o.r, y0: o.py - o.r, x1: o.px + o.r, y1: o.py + o.r };
    occupy(box, cellsOf(box));
  }
  const shown = new Set<string>();
  for (const w of wishes) {
    const box = {
      x0: w.px + gap,
      y0: w.py - LABEL_HEIGHT_PX / 2,
      x1: w.px + gap + LABEL_PAD_PX + w.chars * LABEL_CHAR_PX,
      y1: w.py + LABEL_HEIGHT_PX / 2,
    };
    const keys = cellsOf(box);
    const hit = keys.some((k) =>
      (taken.get(k) ?? []).some(
        (o) => box.x0 < o.x1 && o.x0 < box.x1 && box.y0 < o.y1 && o.y0 < box.y1,
      ),
    );
    if (hit) continue;
    shown.add(w.id);
    occupy(box, keys);
  }
  return shown;
}
