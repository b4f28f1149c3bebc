/**
 * The hand placement's preview: the image drawn over the base map where its placement puts it.
 * Leaflet's ImageOverlay can only stretch an image into a north-up rectangle; a placed map is
 * turned, sheared or (projective) tapered, so the image is laid as a grid of pieces, each an
 * <img> clipped to its cell and given a CSS matrix3d that takes the cell to its four corners'
 * points on the map pane. A homography between the image and the screen is exact at the cell
 * corners only: the placement is made in a transverse Mercator around the map and the screen is
 * Web Mercator or L-EST97, which bend apart by up to 25 m over a 20 km map drawn by its four
 * corners (docs/map-images.md); cells of about 2 km keep that under a metre.
 */
import L from 'leaflet';
import { homographyFrom4 } from '@rada/core/mapImages';

/** A cell of the image grid (image pixels, left, top, right, bottom). */
export type Cell = [number, number, number, number];

/**
 * The CSS `matrix3d(…)` taking the rectangle `cell` (x0, y0)–(x1, y1) to `corners` (top-left,
 * top-right, bottom-right, bottom-left, in pixels), with transform-origin 0 0; null when three
 * corners are on a line.
 */
export function cellMatrix(cell: Cell, corners: readonly [number, number][]): string | null {
  const [x0, y0, x1, y1] = cell;
  const m = homographyFrom4(
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    corners,
  );
  if (!m || !m.every(Number.isFinite)) return null;
  const [a, b, c, d, e, f, g, i, j] = m as [number, ...number[]] as number[];
  // CSS lists the 4 × 4 matrix by columns: x and y from the homography, z left alone.
  return `matrix3d(${[a, d, 0, g, b, e, 0, i, 0, 0, 1, 0, c, f, 0, j].join(',')})`;
}

/** The matrix taking the whole image (0, 0)–(w, h) to its four corners. */
export const cornerMatrix = (w: number, h: number, corners: readonly [number, number][]) =>
  cellMatrix([0, 0, w, h], corners);

/**
 * How many cells a side of the preview's grid has for a map `across` metres wide: one per 2 km,
 * from 1 to 8.
 */
export const gridSize = (across: number): number =>
  Math.min(8, Math.max(1, Math.ceil(across / 2000)));

/**
 * The points of an n × n grid over an image of `width` × `height` px on the earth, row by row
 * from the top-left ((n + 1)² points), from a function that places a pixel.
 */
export function placedGrid<P>(
  width: number,
  height: number,
  n: number,
  place: (u: number, v: number) => P,
): P[] {
  const out: P[] = [];
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) out.push(place((width * i) / n, (height * j) / n));
  }
  return out;
}

/**
 * A Leaflet layer that draws an image by a grid of its points on the earth (placedGrid of the
 * original image's size, n cells a side): each cell its own clipped, transformed <img> of the
 * same address (the browser loads and decodes it once).
 */
export class CornerImageLayer extends L.Layer {
  private imgs: HTMLImageElement[] = [];
  private box: HTMLDivElement | null = null;
  private grid: L.LatLng[];
  private n: number;
  private opacity: number;

  constructor(
    private readonly url: string,
    grid: readonly { lat: number; lng: number }[],
    opacity: number,
  ) {
    super();
    this.grid = grid.map((c) => L.latLng(c.lat, c.lng));
    this.n = Math.round(Math.sqrt(grid.length)) - 1;
    this.opacity = opacity;
  }

  override onAdd(map: L.Map): this {
    const box = L.DomUtil.create('div', 'leaflet-zoom-hide rada-corner-image');
    Object.assign(box.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      pointerEvents: 'none',
      opacity: String(this.opacity),
    });
    this.box = box;
    map.getPanes().overlayPane.appendChild(box);
    this.build();
    return this;
  }

  override onRemove(): this {
    this.box?.remove();
    this.box = null;
    this.imgs = [];
    return this;
  }

  override getEvents(): Record<string, L.LeafletEventHandlerFn> {
    return { zoomend: this.update, viewreset: this.update };
  }

  /** New grid points (a changed fit); the same number of cells or another. */
  setGrid(grid: readonly { lat: number; lng: number }[]): void {
    this.grid = grid.map((c) => L.latLng(c.lat, c.lng));
    const n = Math.round(Math.sqrt(grid.length)) - 1;
    if (n !== this.n) {
      this.n = n;
      this.build();
    } else {
      this.update();
    }
  }

  setOpacity(opacity: number): void {
    this.opacity = opacity;
    if (this.box) this.box.style.opacity = String(opacity);
  }

  /** One <img> a cell. */
  private build() {
    const box = this.box;
    if (!box) return;
    box.replaceChildren();
    this.imgs = [];
    for (let k = 0; k < this.n * this.n; k++) {
      const img = L.DomUtil.create('img', '', box) as HTMLImageElement;
      img.alt = '';
      img.decoding = 'async';
      img.draggable = false;
      Object.assign(img.style, {
        position: 'absolute',
        left: '0',
        top: '0',
        transformOrigin: '0 0',
        maxWidth: 'none',
      });
      img.onload = () => this.update();
      img.src = this.url;
      this.imgs.push(img);
    }
    this.update();
  }

  /** Lays each cell on its corners at the map's present zoom (layer points stay put on a pan). */
  private update = () => {
    const map = (this as unknown as { _map?: L.Map })._map;
    const first = this.imgs[0];
    if (!map || !first?.naturalWidth) return;
    const w = first.naturalWidth;
    const h = first.naturalHeight;
    const n = this.n;
    const at = this.grid.map((c) => {
      const p = map.latLngToLayerPoint(c);
      return [p.x, p.y] as [number, number];
    });
    const point = (i: number, j: number) => at[j * (n + 1) + i]!;
    // Cells overlap by half a pixel of the image, so no seam shows between them.
    const pad = 0.5;
    this.imgs.forEach((img, k) => {
      const i = k % n;
      const j = Math.floor(k / n);
      const cell: Cell = [(w * i) / n, (h * j) / n, (w * (i + 1)) / n, (h * (j + 1)) / n];
      const matrix = cellMatrix(cell, [
        point(i, j),
        point(i + 1, j),
        point(i + 1, j + 1),
        point(i, j + 1),
      ]);
      img.style.width = `${w}px`;
      img.style.height = `${h}px`;
      img.style.display = matrix ? '' : 'none';
      if (!matrix) return;
      const [x0, y0, x1, y1] = cell;
      img.style.clipPath = `polygon(${x0 - pad}px ${y0 - pad}px, ${x1 + pad}px ${y0 - pad}px, ${x1 + pad}px ${y1 + pad}px, ${x0 - pad}px ${y1 + pad}px)`;
      img.style.transform = matrix;
    });
  };
}
