import { describe, expect, it } from 'vitest';
import { exportCheckpointsKml, KML_NAMESPACE } from './kml.ts';
import type { Checkpoint } from './types.ts';
import { childElements, parseXml, textOf, type XmlElement } from './xml.ts';

const cps: Checkpoint[] = [
  { id: 'a', kp: { nr: 32 }, data: { desc: 'Kivi & <känd>', loc: { lat: 58.39, lng: 26.72 } } },
  { id: 'b', kp: { nr: 4 }, data: { loc: { lat: 58.381, lng: 26.701 } } },
  { id: 'c', kp: { nr: 'F' }, data: { desc: 'Finish', loc: { lat: 58.3851, lng: 26.7102 } } },
  { id: 'd', kp: { nr: 9, tyhistatud: true }, data: { loc: { lat: 58.3, lng: 26.6 } } },
  { id: 'e', kp: { nr: 12 }, data: { desc: 'no place' } },
];

/** Every placemark as [name, description, coordinates]. */
function placemarks(kml: string): [string, string, string][] {
  const root = parseXml(kml);
  const folder = childElements(childElements(root, 'Document')[0]!, 'Folder')[0]!;
  const text = (el: XmlElement | undefined) => (el ? textOf(el) : '');
  return childElements(folder, 'Placemark').map((p) => [
    text(childElements(p, 'name')[0]),
    text(childElements(p, 'description')[0]),
    text(childElements(childElements(p, 'Point')[0]!, 'coordinates')[0]),
  ]);
}

describe('exportCheckpointsKml', () => {
  it('writes S1, the located live KPs by number, then F1 (the KP F), as MapRun wants', () => {
    const kml = exportCheckpointsKml(cps, {
      eventName: 'Öö & päev',
      startloc: { lat: 58.3852, lng: 26.7101 },
    });
    const root = parseXml(kml);
    expect(root.name).toBe('kml');
    expect(root.attrs.xmlns).toBe(KML_NAMESPACE);
    expect(kml).toContain('<name>Öö &amp; päev</name>');
    expect(placemarks(kml)).toEqual([
      ['S1', '', '26.7101,58.3852'],
      ['4', '', '26.701,58.381'],
      ['32', 'Kivi & <känd>', '26.72,58.39'],
      ['F1', 'Finish', '26.7102,58.3851'],
    ]);
  });

  it('without a start location: no S1, and F1 only from a KP F', () => {
    expect(placemarks(exportCheckpointsKml(cps, { eventName: 'E' })).map((p) => p[0])).toEqual([
      '4',
      '32',
      'F1',
    ]);
    expect(
      placemarks(exportCheckpointsKml(cps.slice(0, 2), { eventName: 'E' })).map((p) => p[0]),
    ).toEqual(['4', '32']);
    // F1 at the start when there is no KP F (a rogaine finishes where it starts).
    expect(
      placemarks(
        exportCheckpointsKml(cps.slice(0, 1), { eventName: 'E', startloc: { lat: 1, lng: 2 } }),
      ),
    ).toEqual([
      ['S1', '', '2,1'],
      ['32', 'Kivi & <känd>', '26.72,58.39'],
      ['F1', '', '2,1'],
    ]);
  });

  it('drops characters XML cannot hold from names', () => {
    const kml = exportCheckpointsKml(
      [{ id: 'x', kp: { nr: 'A\u0001b' }, data: { desc: 'x\u0000y', loc: { lat: 1, lng: 2 } } }],
      { eventName: 'E\uFFFE' },
    );
    expect(placemarks(kml)).toEqual([['Ab', 'xy', '2,1']]);
  });
});
