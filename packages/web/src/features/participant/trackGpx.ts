import type { LocationPoint } from '@rada/core';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The device's own track as a GPX 1.1 document (one track, one segment). */
export function trackToGpx(points: readonly LocationPoint[], name: string): string {
  const pts = points
    .map((p) => {
      const ele = p.l === null ? '' : `<ele>${p.l}</ele>`;
      return `<trkpt lat="${p.y}" lon="${p.x}">${ele}<time>${new Date(p.t).toISOString()}</time></trkpt>`;
    })
    .join('\n      ');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Rada" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <trk><name>${escapeXml(name)}</name>`,
    '    <trkseg>',
    `      ${pts}`,
    '    </trkseg>',
    '  </trk>',
    '</gpx>',
    '',
  ].join('\n');
}
