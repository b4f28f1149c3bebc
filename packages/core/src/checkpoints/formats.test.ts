import { describe, expect, it } from 'vitest';
import { exportCheckpointsGpx, parseCheckpointGpx } from './gpx.ts';
import { parseCheckpointJson } from './json.ts';
import { XML_MAX_DEPTH, decodeEntities, parseXml, textOf } from './xml.ts';

describe('parseCheckpointJson', () => {
  it('reads the kp parts of a whole event file', () => {
    const file = {
      version: 2,
      events: { name: 'E' },
      eventsdata: {
        kp: { k1: { nr: 1, ra: 2 }, k2: { nr: 'F' } },
        kpdata: { k1: { desc: 'Stone', responses: { a: 'A' } } },
        kpanswer: { k1: 'a' },
      },
      teams: {},
      evdoc: {},
    };
    const preview = parseCheckpointJson(JSON.stringify(file));
    expect(preview.rows).toEqual([
      {
        line: 1,
        input: {
          id: 'k1',
          kp: { nr: 1, ra: 2 },
          data: { desc: 'Stone', responses: { a: 'A' } },
          answer: 'a',
        },
        errors: [],
      },
      { line: 2, input: { id: 'k2', kp: { nr: 'F' }, data: {}, answer: null }, errors: [] },
    ]);
  });

  it('reads a list of inputs and {checkpoints: [...]}, with per-row errors', () => {
    const list = [
      { kp: { nr: 1 }, data: { loc: { lat: 58, lng: 26 } } },
      { kp: { nr: 2, ra: 'high' } },
      { kp: { nr: 3 }, data: { responses: { a: 'A' } }, answer: 'b' },
      { kp: {} },
    ];
    for (const text of [JSON.stringify(list), JSON.stringify({ checkpoints: list })]) {
      const rows = parseCheckpointJson(text).rows;
      expect(rows.map((r) => r.input?.kp.nr ?? null)).toEqual([1, null, null, null]);
      expect(rows[1]!.errors).toEqual([
        { key: 'kpimport.err.notnumber', field: 'ra', value: 'high' },
      ]);
      expect(rows[2]!.errors).toEqual([{ key: 'kpdata.badresponse' }]);
      expect(rows[3]!.errors).toEqual([{ key: 'kpimport.err.missing', field: 'nr' }]);
    }
  });

  it('reports kpdata and kpanswer entries without a kp', () => {
    const rows = parseCheckpointJson(
      JSON.stringify({
        kp: { k1: { nr: 1 } },
        kpdata: { k9: { desc: 'x' } },
        kpanswer: { k8: 'a' },
      }),
    ).rows;
    expect(rows.map((r) => r.errors)).toEqual([
      [],
      [{ key: 'kpimport.err.orphan', field: 'kpdata', value: 'k9' }],
      [{ key: 'kpimport.err.orphan', field: 'kpanswer', value: 'k8' }],
    ]);
  });

  it('refuses text that is not JSON or holds no checkpoints', () => {
    expect(parseCheckpointJson('{oops').fileError).toEqual({ key: 'kpimport.err.notjson' });
    expect(parseCheckpointJson('{"a": 1}').fileError).toEqual({ key: 'kpimport.err.jsonshape' });
    expect(parseCheckpointJson('{"kp": []}').fileError).toEqual({ key: 'kpimport.err.jsonshape' });
    expect(parseCheckpointJson('{"kp": {}, "kpdata": []}').fileError).toEqual({
      key: 'kpimport.err.jsonparts',
    });
    expect(parseCheckpointJson('{"kp": {}}').fileError).toEqual({
      key: 'kpimport.err.nocheckpoints',
    });
  });
});

describe('parseXml', () => {
  it('reads elements, attributes, entities, CDATA and skips comments and DOCTYPE', () => {
    const root = parseXml(
      `<?xml version="1.0"?>\n<!DOCTYPE gpx [<!ENTITY x "y">]>\n<!-- c -->\n<a k='1 &amp; 2' j="&#60;">` +
        `<b>x &lt;&#x41;&gt; &quot;&apos; &nope;</b><![CDATA[<raw> & ]]><c/></a>`,
    );
    expect(root.name).toBe('a');
    expect(root.attrs).toEqual({ k: '1 & 2', j: '<' });
    expect(root.line).toBe(4);
    expect(textOf(root)).toBe(`x <A> "' &nope;<raw> & `);
  });

  it('tolerates unclosed and mismatched end tags, refuses a file without elements', () => {
    expect(textOf(parseXml('<a><b>one</c><d>two</a>'))).toBe('onetwo');
    expect(() => parseXml('just text')).toThrow('no root element');
    expect(() => parseXml('<a b="1"')).toThrow(/unclosed tag/);
    expect(() => parseXml('<a>\n\n<!-- open')).toThrow(
      expect.objectContaining({ name: 'XmlSyntaxError', line: 3 }),
    );
  });

  it('refuses nesting deeper than XML_MAX_DEPTH quickly, and reads nesting up to it', () => {
    const deep = (n: number) => '<a>'.repeat(n) + 'x' + '</a>'.repeat(n);
    expect(textOf(parseXml(deep(XML_MAX_DEPTH)))).toBe('x');
    const t0 = Date.now();
    expect(() => parseXml(deep(20_000))).toThrow(/too deeply nested/);
    // Mismatched end tags search the open elements, which the depth limit keeps short.
    expect(() => parseXml('<gpx>' + '</b>'.repeat(100_000) + '</gpx>')).not.toThrow();
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('decodes only valid character references', () => {
    expect(decodeEntities('&#0; &#xD800; &#128512;')).toBe('&#0; &#xD800; 😀');
  });
});

describe('parseCheckpointGpx', () => {
  it('reads plain waypoints from other tools: name = nr, desc or cmt, location', () => {
    const gpx = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Garmin" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="58.3801" lon="26.7222"><ele>60</ele><name>31</name><cmt>Comment</cmt></wpt>
  <wpt lat="58.1" lon="26.1"><name>F</name><desc>Finish &amp; bar</desc><cmt>no</cmt></wpt>
  <wpt lat="x" lon="26.1"><name>5</name></wpt>
  <wpt lat="58.2" lon="26.2"></wpt>
  <wpt lat="58.3"><name>7</name></wpt>
  <trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk>
</gpx>`;
    const rows = parseCheckpointGpx(gpx).rows;
    expect(rows.map((r) => [r.line, r.input, r.errors])).toEqual([
      [
        3,
        {
          kp: { nr: 31 },
          data: { desc: 'Comment', loc: { lat: 58.3801, lng: 26.7222 } },
          answer: null,
        },
        [],
      ],
      [
        4,
        {
          kp: { nr: 'F' },
          data: { desc: 'Finish & bar', loc: { lat: 58.1, lng: 26.1 } },
          answer: null,
        },
        [],
      ],
      [5, null, [{ key: 'kpimport.err.notnumber', field: 'lat', value: 'x' }]],
      [6, null, [{ key: 'kpimport.err.noname' }]],
      [7, null, [{ key: 'kpimport.err.missing', field: 'lng' }]],
    ]);
  });

  it('gives a file error for a track without waypoints (as Strava writes them)', () => {
    const strava = `<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="StravaGPX" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
 <metadata><time>2019-06-15T19:58:16Z</time></metadata>
 <trk><name>Jukola 1st leg</name><type>9</type><trkseg>
   <trkpt lat="61.4255250" lon="24.1944340"><ele>100.9</ele><time>2019-06-15T20:00:07Z</time>
    <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>78</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>
   </trkpt>
 </trkseg></trk>
</gpx>`;
    expect(parseCheckpointGpx(strava)).toEqual({
      format: 'gpx',
      rows: [],
      fileError: { key: 'kpimport.err.nowaypoints' },
    });
  });

  it('refuses non-XML and XML that is not GPX', () => {
    expect(parseCheckpointGpx('nr;lat').fileError).toEqual({ key: 'kpimport.err.notxml' });
    expect(parseCheckpointGpx('<gpx>\n<wpt lat="1"').fileError).toEqual({
      key: 'kpimport.err.badxml',
      line: 2,
    });
    expect(parseCheckpointGpx('<kml></kml>').fileError).toEqual({ key: 'kpimport.err.notgpx' });
  });

  it('lets edits made in another GPS tool win over the stored checkpoint', () => {
    const exported = exportCheckpointsGpx(
      [
        {
          id: 'k1',
          kp: { nr: 1, ra: 3 },
          data: { desc: 'Old', loc: { lat: 58, lng: 26 }, responses: { a: 'A' } },
          answer: 'a',
        },
      ],
      'E',
    );
    const edited = exported
      .replace('lat="58" lon="26"', 'lat="58.5" lon="26.5"')
      .replace('<name>1</name>', '<name>2</name>')
      .replace('<desc>Old</desc>', '<desc>New</desc>');
    expect(parseCheckpointGpx(edited).rows[0]!.input).toEqual({
      id: 'k1',
      kp: { nr: 2, ra: 3 },
      data: { desc: 'New', loc: { lat: 58.5, lng: 26.5 }, responses: { a: 'A' } },
      answer: 'a',
    });
  });

  it('reports a broken rada:kp extension on its row', () => {
    const gpx =
      '<gpx><wpt lat="1" lon="2"><name>1</name><extensions><rada:kp>{bad</rada:kp></extensions></wpt></gpx>';
    expect(parseCheckpointGpx(gpx).rows[0]!.errors).toEqual([
      { key: 'kpimport.err.badkpextension', field: 'rada:kp' },
    ]);
  });
});
