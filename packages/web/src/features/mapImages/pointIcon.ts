import L from 'leaflet';

/**
 * The marker of a placement point, the same number on the image and on the base map: a ring
 * with its number, orange while it waits for its place on the earth, blue once it has one. The
 * ring's centre is the point (its middle stays visible through the hole).
 */
export function pointIcon(label: number, waiting: boolean, testId: string): L.DivIcon {
  const colour = waiting ? '#ef6c00' : '#1565c0';
  return L.divIcon({
    className: 'rada-place-point',
    html:
      `<div data-testid="${testId}" style="position:relative;width:28px;height:28px">` +
      `<div style="position:absolute;inset:6px;border:3px solid ${colour};border-radius:50%;` +
      `box-shadow:0 0 0 1px #fff, inset 0 0 0 1px #fff"></div>` +
      `<div style="position:absolute;left:20px;top:-8px;padding:0 4px;border-radius:8px;` +
      `background:${colour};color:#fff;font:700 12px/16px sans-serif">${label}</div></div>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}
