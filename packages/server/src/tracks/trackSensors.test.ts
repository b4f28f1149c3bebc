import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTrack, trackFromGpx, trackToGpx } from '@rada/core';
import type { IngestResult, LocationPoint } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { signUp } from '../test/factories.ts';
import { chunkBytes } from './track.chunks.ts';
import { addDevice, chunkRows, newTrackEvent, storedPoints, walk } from './trackTestKit.ts';

/**
 * Issue 36, part 5: heart rate and cadence of an imported GPX track (Garmin's
 * TrackPointExtension) are kept through storage and written back by the GPX export, which still
 * validates against GPX 1.1 and the extension's own types.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A real Strava export (TrackPointExtension v1, hr and cad on all 122 points). */
const JUKOLA = fs.readFileSync(path.join(root, 'fixtures/gpx/jukola-2019-leg1-strava.gpx'), 'utf8');
const GPX_XSD = path.join(root, 'schemas/gpx.xsd');
const TPX2 = 'http://www.garmin.com/xmlschemas/TrackPointExtension/v2';
const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;
if (!hasXmllint) console.warn('xmllint not found: the GPX schema checks are skipped');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rada-sensors-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * TrackPointExtension_t of Garmin's TrackPointExtension v2 schema, restated for the test (xmllint
 * runs without the network): the element order and the types of what Rada writes. Loaded next
 * to gpx.xsd, it makes the `processContents="lax"` of GPX's <extensions> check our elements.
 */
const TPX2_XSD = `<?xml version="1.0"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="${TPX2}"
  xmlns="${TPX2}" elementFormDefault="qualified">
  <xsd:element name="TrackPointExtension" type="TrackPointExtension_t"/>
  <xsd:complexType name="TrackPointExtension_t">
    <xsd:sequence>
      <xsd:element name="atemp" type="xsd:double" minOccurs="0"/>
      <xsd:element name="wtemp" type="xsd:double" minOccurs="0"/>
      <xsd:element name="depth" type="xsd:double" minOccurs="0"/>
      <xsd:element name="hr" type="BeatsPerMinute_t" minOccurs="0"/>
      <xsd:element name="cad" type="RevolutionsPerMinute_t" minOccurs="0"/>
      <xsd:element name="speed" type="MetersPerSecond_t" minOccurs="0"/>
      <xsd:element name="course" type="DegreesTrue_t" minOccurs="0"/>
      <xsd:element name="bearing" type="DegreesTrue_t" minOccurs="0"/>
    </xsd:sequence>
  </xsd:complexType>
  <xsd:simpleType name="BeatsPerMinute_t">
    <xsd:restriction base="xsd:unsignedByte"><xsd:minInclusive value="1"/></xsd:restriction>
  </xsd:simpleType>
  <xsd:simpleType name="RevolutionsPerMinute_t">
    <xsd:restriction base="xsd:unsignedByte"><xsd:maxInclusive value="254"/></xsd:restriction>
  </xsd:simpleType>
  <xsd:simpleType name="MetersPerSecond_t">
    <xsd:restriction base="xsd:double"><xsd:minInclusive value="0"/></xsd:restriction>
  </xsd:simpleType>
  <xsd:simpleType name="DegreesTrue_t">
    <xsd:restriction base="xsd:decimal">
      <xsd:minInclusive value="0"/><xsd:maxExclusive value="360"/>
    </xsd:restriction>
  </xsd:simpleType>
</xsd:schema>
`;
const BOTH_XSD = path.join(dir, 'gpx-tpx2.xsd');
fs.writeFileSync(path.join(dir, 'tpx2.xsd'), TPX2_XSD);
fs.writeFileSync(
  BOTH_XSD,
  `<?xml version="1.0"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.topografix.com/GPX/1/1" schemaLocation="${GPX_XSD}"/>
  <xsd:import namespace="${TPX2}" schemaLocation="tpx2.xsd"/>
</xsd:schema>
`,
);

let files = 0;
/** xmllint's complaints about `text` against `xsd` ('' when valid). */
function validate(text: string, xsd: string): string {
  const file = path.join(dir, `doc-${files++}.gpx`);
  fs.writeFileSync(file, text);
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsd, file], {
    encoding: 'utf8',
  });
  return r.status === 0 ? '' : r.stderr;
}

const sensors = (points: readonly LocationPoint[]) =>
  points.map((p) => [p.t, p.h ?? null, p.c ?? null]);

describe.each(testDialects())(
  'heart rate and cadence from GPX import to export on $name',
  (dialect) => {
    let t: TestApp;
    let owner: TestUser;
    let runner: TestUser;
    let id: string;
    let dev: string;
    const t0 = Date.UTC(2026, 5, 1, 9);
    const jukola = trackFromGpx(JUKOLA).points;

    const importGpx = (teamId: string, gpx: string) =>
      call<{ accepted: number; duplicates: number; rejected: unknown[] }>(
        t.app,
        'POST',
        `/api/events/${id}/teams/${teamId}/track.gpx`,
        { as: owner, body: gpx, headers: { 'content-type': 'text/plain' } },
      );
    const exportGpx = async (teamId: string) => {
      const res = await t.app.inject({ url: `/api/events/${id}/teams/${teamId}/track.gpx` });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      t = await buildTestApp(dialect);
      t.clock.t = t0 + 3_600_000;
      owner = await signUp(t.app);
      runner = await signUp(t.app);
      id = await newTrackEvent(t, owner);
      dev = await addDevice(t, runner, id, 'alpha');
      expect(jukola.filter((p) => p.h != null && p.c != null)).toHaveLength(122);
    });
    afterAll(() => t.close());

    it('a watch track keeps hr and cad from the import through storage to every export', async () => {
      const imported = await importGpx('alpha', JUKOLA);
      expect(imported.status).toBe(200);
      expect(imported.body).toMatchObject({ accepted: 122, duplicates: 0, rejected: [] });

      expect(sensors(await storedPoints(t, id, 'alpha'))).toEqual(sensors(jukola));
      const [row] = await chunkRows(t, id, 'alpha');
      // flags: a block whose every point has distance, heart rate and cadence
      expect(chunkBytes(row!.data)[3]! & 0x60).toBe(0x60);

      const gpx = await exportGpx('alpha');
      expect(gpx.match(/<gpxtpx:hr>/g)).toHaveLength(122);
      expect(gpx).toContain(
        '<ele>100.9</ele><time>2019-06-15T20:00:07Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>78</gpxtpx:hr><gpxtpx:cad>63</gpxtpx:cad></gpxtpx:TrackPointExtension>',
      );
      expect(sensors(trackFromGpx(gpx).points)).toEqual(sensors(jukola));

      const data = await t.app.inject({ url: `/api/events/${id}/teams/alpha/track.data` });
      expect(sensors(decodeTrack(data.rawPayload))).toEqual(sensors(jukola));
      const points = await t.app.inject({ url: `/api/events/${id}/points?tid=alpha` });
      expect(sensors(decodeTrack(points.rawPayload))).toEqual(sensors(jukola));

      // Exported again and imported into another team: the same values.
      expect((await importGpx('bravo', gpx)).body).toMatchObject({ accepted: 122 });
      expect(sensors(trackFromGpx(await exportGpx('bravo')).points)).toEqual(sensors(jukola));
    });

    it('phone points beside them are stored as before and exported without hr', async () => {
      const phone = walk(5, t0);
      const sent = await call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
        as: runner,
        body: { points: phone },
      });
      expect(sent.body.accepted).toBe(5);
      const rows = (await chunkRows(t, id, 'alpha')).filter((r) => r.device_id === dev);
      expect(rows).toHaveLength(1);
      // No sensor bits: the block is the one the codec wrote before heart rate existed.
      expect(chunkBytes(rows[0]!.data)[3]! & 0x60).toBe(0);
      const out = trackFromGpx(await exportGpx('alpha')).points;
      expect(out).toHaveLength(127);
      expect(sensors(out.filter((p) => p.t >= t0))).toEqual(phone.map((p) => [p.t, null, null]));
      expect(out.filter((p) => p.h != null)).toHaveLength(122);
    });

    it('a watch app may send h and c in its points; values out of range are dropped, not the points', async () => {
      const at = t0 + 60_000;
      const sent = await call<IngestResult>(t.app, 'POST', `/api/devices/${dev}/locations`, {
        as: runner,
        body: {
          points: walk(3, at).map((p, i) => ({ ...p, h: [131.6, 0, 140][i], c: [85, 86, 999][i] })),
        },
      });
      expect(sent.body).toMatchObject({ accepted: 3, rejected: [] });
      const stored = (await storedPoints(t, id, 'alpha')).filter((p) => p.t >= at);
      expect(sensors(stored)).toEqual([
        [at, 132, 85],
        [at + 1000, null, 86],
        [at + 2000, 140, null],
      ]);

      const odd = trackToGpx(walk(2, t0 + 120_000), { name: 'x' }).replace(
        /<\/time>/g,
        '</time><extensions><g:TrackPointExtension xmlns:g="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><g:hr>300</g:hr><g:cad>-3</g:cad></g:TrackPointExtension></extensions>',
      );
      expect((await importGpx('charlie', odd)).body).toMatchObject({ accepted: 2, rejected: [] });
      expect(sensors(await storedPoints(t, id, 'charlie'))).toEqual(
        walk(2, t0 + 120_000).map((p) => [p.t, null, null]),
      );
    });

    it.skipIf(!hasXmllint)(
      'the export validates against GPX 1.1 and the TrackPointExtension v2 types',
      async () => {
        const gpx = await exportGpx('alpha');
        expect(gpx).toContain('<gpxtpx:hr>132</gpxtpx:hr><gpxtpx:cad>85</gpxtpx:cad>');
        expect(validate(gpx, GPX_XSD)).toBe('');
        expect(validate(gpx, BOTH_XSD)).toBe('');
        // The extension's types are checked: these would not pass.
        const swapped = gpx.replace(
          '<gpxtpx:hr>78</gpxtpx:hr><gpxtpx:cad>63</gpxtpx:cad>',
          '<gpxtpx:cad>63</gpxtpx:cad><gpxtpx:hr>78</gpxtpx:hr>',
        );
        expect(swapped).not.toBe(gpx);
        expect(validate(swapped, BOTH_XSD)).toMatch(/hr/);
        expect(validate(gpx.replace('<gpxtpx:hr>78<', '<gpxtpx:hr>0<'), BOTH_XSD)).toMatch(/hr/);
        expect(validate(gpx.replace('<gpxtpx:cad>63<', '<gpxtpx:cad>255<'), BOTH_XSD)).toMatch(
          /cad/,
        );
      },
    );
  },
);
