/** A marker at a screen position (pixels at the current zoom). */
export interface ScreenPoint {
  id: string;
  px: number;
  py: number;
}

/** Markers that share one grid cell: shown as one count bubble at their mean position. */
export interface Cluster {
  /** The grid cell ('column,row'): stable while the view and the zoom stay. */
  key: string;
  ids: string[];
  px: number;
  py: number;
}

/** Grid cell size in pixels: markers closer than about this share a bubble. */
export const CLUSTER_CELL_PX = 48;
/** Cells with fewer markers than this show them one by one. */
export const CLUSTER_MIN_SIZE = 4;

/**
 * Grid clustering: markers whose screen positions fall into the same `cell`-pixel square are
 * grouped. Cells holding at least `minSize` markers become clusters (mean position, ids in input
 * order); the rest stay single. Linear in the number of markers, so it can run on every frame.
 */
export function clusterByGrid(
  points: readonly ScreenPoint[],
  cell = CLUSTER_CELL_PX,
  minSize = CLUSTER_MIN_SIZE,
): { clusters: Cluster[]; singles: ScreenPoint[] } {
  const cells = new Map<string, ScreenPoint[]>();
  for (const p of points) {
    const key = `${Math.floor(p.px / cell)},${Math.floor(p.py / cell)}`;
    const list = cells.get(key);
    if (list) list.push(p);
    else cells.set(key, [p]);
  }
  const clusters: Cluster[] = [];
  const singles: ScreenPoint[] = [];
  for (const [key, list] of cells) {
    if (list.length < minSize) {
      singles.push(...list);
      continue;
    }
    let sx = 0;
    let sy = 0;
    for (const p of list) {
      sx += p.px;
      sy += p.py;
    }
    clusters.push({ key, ids: list.map((p) => p.id), px: sx / list.length, py: sy / list.length });
  }
  return { clusters, singles };
}
