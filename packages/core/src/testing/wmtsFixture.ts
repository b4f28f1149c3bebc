import { EPSG3301 } from '../map/wmts.ts';
import { escapeXml } from '../xmlText.ts';

/** A layer of the stand-in WMTS service. */
export interface FixtureWmtsLayer {
  identifier: string;
  title: string;
  abstract?: string;
  /** The matrix sets it links to (identifiers of `matrixSets`). */
  sets: string[];
  format?: string;
}

/** A matrix set of the stand-in service: Rada's EPSG:3301 grid, Web Mercator, or a foreign one. */
export interface FixtureMatrixSet {
  identifier: string;
  kind: 'lest' | 'mercator' | 'foreign';
  /** First and last level (default 0 and 18 for `lest`, 0 and 19 otherwise). */
  levels?: [number, number];
}

const MERCATOR_CORNER = 20037508.3427892;
const MERCATOR_RES0 = (2 * Math.PI * 6378137) / 256;

function matrixSetXml(set: FixtureMatrixSet): string {
  const [first, last] = set.levels ?? [0, set.kind === 'lest' ? 18 : 19];
  const crs =
    set.kind === 'lest'
      ? 'urn:ogc:def:crs:EPSG::3301'
      : set.kind === 'mercator'
        ? 'urn:ogc:def:crs:EPSG:6.18:3:3857'
        : 'urn:ogc:def:crs:EPSG::3035';
  const res0 = set.kind === 'lest' ? EPSG3301.res0 : MERCATOR_RES0;
  // EPSG:3301's axes are northing, easting: its corner is written that way, as Maa-amet does.
  const corner =
    set.kind === 'lest'
      ? `${EPSG3301.bounds[1][1]} ${EPSG3301.bounds[0][0]}`
      : set.kind === 'mercator'
        ? `${-MERCATOR_CORNER} ${MERCATOR_CORNER}`
        : '1000000 6000000';
  const matrices = [];
  for (let z = first; z <= last; z++) {
    const res = res0 / 2 ** z;
    matrices.push(
      `      <TileMatrix>
        <ows:Identifier>${z}</ows:Identifier>
        <ScaleDenominator>${res / 0.00028}</ScaleDenominator>
        <TopLeftCorner>${corner}</TopLeftCorner>
        <TileWidth>256</TileWidth>
        <TileHeight>256</TileHeight>
        <MatrixWidth>${2 ** z}</MatrixWidth>
        <MatrixHeight>${2 ** z}</MatrixHeight>
      </TileMatrix>`,
    );
  }
  return `    <TileMatrixSet>
      <ows:Identifier>${escapeXml(set.identifier)}</ows:Identifier>
      <ows:SupportedCRS>${crs}</ows:SupportedCRS>
${matrices.join('\n')}
    </TileMatrixSet>`;
}

/**
 * A WMTS 1.0.0 capabilities document shaped like Maa-amet's (tiles.maaamet.ee): layers with
 * RESTful ResourceURL templates `{base}/{layer}/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.png`
 * and the given matrix sets (by default Maa-amet's LEST set and a Web Mercator one).
 */
export function wmtsCapabilitiesFixture(
  base: string,
  layers: FixtureWmtsLayer[] = [
    { identifier: 'kaart', title: 'Põhikaart', abstract: 'Eesti põhikaart', sets: ['LEST'] },
    { identifier: 'foto', title: 'Ortofoto', sets: ['LEST', 'GMC'], format: 'image/jpeg' },
    { identifier: 'hybriid', title: 'Hübriidkaart', sets: ['LEST'] },
  ],
  matrixSets: FixtureMatrixSet[] = [
    { identifier: 'LEST', kind: 'lest' },
    { identifier: 'GMC', kind: 'mercator' },
  ],
): string {
  const layerXml = layers.map((l) => {
    const format = l.format ?? 'image/png';
    const ext = format === 'image/jpeg' ? 'jpg' : 'png';
    return `    <Layer>
      <ows:Title>${escapeXml(l.title)}</ows:Title>
      <ows:Abstract>${escapeXml(l.abstract ?? '')}</ows:Abstract>
      <ows:WGS84BoundingBox>
        <ows:LowerCorner>21.5 57.5</ows:LowerCorner>
        <ows:UpperCorner>28.5 59.9</ows:UpperCorner>
      </ows:WGS84BoundingBox>
      <ows:Identifier>${escapeXml(l.identifier)}</ows:Identifier>
      <Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>
      <Format>${format}</Format>
${l.sets.map((s) => `      <TileMatrixSetLink><TileMatrixSet>${escapeXml(s)}</TileMatrixSet></TileMatrixSetLink>`).join('\n')}
      <ResourceURL format="${format}" resourceType="tile" template="${escapeXml(`${base}/${l.identifier}/{Style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.${ext}`)}"/>
    </Layer>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
  <ows:ServiceIdentification>
    <ows:Title>Maa-ameti WMTS (stand-in)</ows:Title>
    <ows:Abstract>Test tiles drawn locally</ows:Abstract>
    <ows:ServiceType>OGC WMTS</ows:ServiceType>
    <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
  </ows:ServiceIdentification>
  <Contents>
${layerXml.join('\n')}
${matrixSets.map(matrixSetXml).join('\n')}
  </Contents>
</Capabilities>
`;
}
