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
 * order); the rest stay single. Clusters whose bubbles would overlap are then joined. Linear in the number of markers, so it can run on every frame.
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
  const cellClusters: Cluster[] = [];
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
    cellClusters.push({
      key,
      ids: list.map((p) => p.id),
      px: sx / list.length,
      py: sy / list.length,
    });
  }
  return { clusters: mergeClose(cellClusters, cell), singles };
}

/**
 * Joins clusters whose bubbles would overlap (a group split by a cell border), biggest first;
 * the joined bubble sits at the members' mean and keeps the bigger cluster's key.
 */
function mergeClose(clusters: Cluster[], distance: number): Cluster[] {
  const sorted = [...clusters].sort((a, b) => b.ids.length - a.ids.length);
  const out: Cluster[] = [];
  for (const c of sorted) {
    const near = out.find((o) => Math.hypot(o.px - c.px, o.py - c.py) < distance);
    if (!near) {
      out.push({ ...c, ids: [...c.ids] });
      continue;
    }
    const n = near.ids.length;
    const m = c.ids.length;
    near.px = (near.px * n + c.px * m) / (n + m);
    near.py = (near.py * n + c.py * m) / (n + m);
    near.ids.push(...c.ids);
  }
  return out;
}
