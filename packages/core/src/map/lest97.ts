/**
 * The Estonian national grid L-EST97 (EPSG:3301) without a projection library: Lambert conformal
 * conic with two standard parallels (59°20′ and 58°) on the GRS80 ellipsoid, whose datum (ETRS89)
 * Rada takes for WGS84 as Maa-amet does (+towgs84=0). The formulas are Snyder's ("Map
 * Projections: A Working Manual", 1987, §15); the test holds them to proj4's within a millimetre.
 * The web app draws the national grid with these, so a page with a map does not download proj4.
 */

const A = 6378137; // GRS80 semi-major axis, m
const F = 1 / 298.257222101; // GRS80 flattening
const E = Math.sqrt(F * (2 - F));
const RAD = Math.PI / 180;
const LAT_1 = 59.33333333333334 * RAD;
const LAT_2 = 58 * RAD;
const LAT_0 = 57.51755393055556 * RAD;
const LON_0 = 24 * RAD;
const X_0 = 500000;
const Y_0 = 6375000;

const m = (phi: number) => Math.cos(phi) / Math.sqrt(1 - (E * Math.sin(phi)) ** 2);
const t = (phi: number) => {
  const es = E * Math.sin(phi);
  return Math.tan(Math.PI / 4 - phi / 2) / ((1 - es) / (1 + es)) ** (E / 2);
};

const N = (Math.log(m(LAT_1)) - Math.log(m(LAT_2))) / (Math.log(t(LAT_1)) - Math.log(t(LAT_2)));
const AF = (A * m(LAT_1)) / (N * t(LAT_1) ** N);
const RHO_0 = AF * t(LAT_0) ** N;

/** A WGS84 point (degrees) in L-EST97 metres: easting x, northing y. */
export function lestForward(lat: number, lng: number): [number, number] {
  const rho = AF * t(lat * RAD) ** N;
  const theta = N * (lng * RAD - LON_0);
  return [X_0 + rho * Math.sin(theta), Y_0 + RHO_0 - rho * Math.cos(theta)];
}

/** L-EST97 metres (easting x, northing y) as a WGS84 point in degrees. */
export function lestInverse(x: number, y: number): { lat: number; lng: number } {
  const dx = x - X_0;
  const dy = RHO_0 - (y - Y_0);
  const rho = Math.sign(N) * Math.hypot(dx, dy);
  const theta = Math.atan2(Math.sign(N) * dx, Math.sign(N) * dy);
  const tp = (rho / AF) ** (1 / N);
  let phi = Math.PI / 2 - 2 * Math.atan(tp);
  for (let i = 0; i < 15; i++) {
    const es = E * Math.sin(phi);
    const next = Math.PI / 2 - 2 * Math.atan(tp * ((1 - es) / (1 + es)) ** (E / 2));
    const done = Math.abs(next - phi) < 1e-12;
    phi = next;
    if (done) break;
  }
  return { lat: phi / RAD, lng: (theta / N + LON_0) / RAD };
}
