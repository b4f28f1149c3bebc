/**
 * The hand placement's preview: the image drawn over the base map by its four corners. Leaflet's
 * ImageOverlay can only stretch an image into a north-up rectangle; a placed map is rotated,
 * sheared or (projective) tapered, so the image element gets a CSS matrix3d — the homography
 * that takes its own rectangle to the corners' points on the map pane. The corners are exact;
 * inside them the drawing is off from the true placement only by how much the map's projection
 * and the placement's (a transverse Mercator around the map) bend apart over a map's few
 * kilometres (the browser test measures it at a known KP).
 */
import L from 'leaflet';
import { homographyFrom4 } from '@rada/core/mapImages';

/**
 * The CSS `matrix3d(…)` taking the rectangle (0, 0)–(w, h) to `corners` (top-left, top-right,
 * bottom-right, bottom-left, in pixels), with transform-origin 0 0; null when three corners are
 * on a line.
 */
export function cornerMatrix(
  w: number,
  h: number,
  corners: readonly [number, number][],
): string | null {
  const m = homographyFrom4(
    [
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ],
    corners,
  );
  if (!m || !m.every(Number.isFinite)) return null;
  const [a, b, c, d, e, f, g, i, j] = m as [number, ...number[]] as number[];
  // CSS lists the 4 × 4 matrix by columns: x and y from the homography, z left alone.
  return `matrix3d(${[a, d, 0, g, b, e, 0, i, 0, 0, 1, 0, c, f, 0, j].join(',')})`;
}

/** A Leaflet layer that draws an image by its four corners on the earth (see cornerMatrix). */
export class CornerImageLayer extends L.Layer {
  private img: HTMLImageElement | null = null;
  private corners: L.LatLng[];
  private opacity: number;

  constructor(
    private readonly url: string,
    corners: readonly { lat: number; lng: number }[],
    opacity: number,
  ) {
    super();
    this.corners = corners.map((c) => L.latLng(c.lat, c.lng));
    this.opacity = opacity;
  }

  override onAdd(map: L.Map): this {
    const img = L.DomUtil.create('img', 'leaflet-zoom-hide rada-corner-image') as HTMLImageElement;
    img.alt = '';
    img.decoding = 'async';
    img.draggable = false;
    Object.assign(img.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      transformOrigin: '0 0',
      pointerEvents: 'none',
      maxWidth: 'none',
      opacity: String(this.opacity),
    });
    img.onload = () => this.update();
    img.src = this.url;
    this.img = img;
    map.getPanes().overlayPane.appendChild(img);
    this.update();
    return this;
  }

  override onRemove(): this {
    this.img?.remove();
    this.img = null;
    return this;
  }

  override getEvents(): Record<string, L.LeafletEventHandlerFn> {
    return { zoomend: this.update, viewreset: this.update };
  }

  /** New corners (a changed fit). */
  setCorners(corners: readonly { lat: number; lng: number }[]): void {
    this.corners = corners.map((c) => L.latLng(c.lat, c.lng));
    this.update();
  }

  setOpacity(opacity: number): void {
    this.opacity = opacity;
    if (this.img) this.img.style.opacity = String(opacity);
  }

  /** Lays the image on its corners at the map's present zoom (layer points stay put on a pan). */
  private update = () => {
    const img = this.img;
    const map = (this as unknown as { _map?: L.Map })._map;
    if (!img || !map || !img.naturalWidth) return;
    const w = img.naturalWidth;
    const h = img.naturalHeight;
    img.style.width = `${w}px`;
    img.style.height = `${h}px`;
    const points = this.corners.map((c) => {
      const p = map.latLngToLayerPoint(c);
      return [p.x, p.y] as [number, number];
    });
    const matrix = cornerMatrix(w, h, points);
    img.style.display = matrix ? '' : 'none';
    if (matrix) img.style.transform = matrix;
  };
}
