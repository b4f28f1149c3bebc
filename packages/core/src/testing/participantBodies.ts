/**
 * Generators of participant API request bodies for the fuzz suite: valid bodies and mutations of
 * them. Used by participant.fuzz.test.ts (schemas) and the server's participant.fuzz.test.ts
 * (routes through app.inject).
 */
import fc from 'fast-check';

/** Values that break careless readers: wrong types, edge numbers, huge and odd strings. */
export const oddJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    '',
    ' ',
    0,
    -0,
    -1,
    0.5,
    1e308,
    -1e308,
    2 ** 53,
    2 ** 53 + 2,
    '1',
    'x'.repeat(101),
    'a\u0000b',
    '\uD800',
    [],
    {},
    { __proto__: null },
    true,
  ),
);

const cid = fc.stringMatching(/^[a-z0-9-]{8,20}$/);
const loc = fc.record({
  lat: fc.double({ min: -90, max: 90, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});
const t = fc.integer({ min: 1, max: 2 ** 45 });
const shortId = fc.stringMatching(/^[a-z0-9]{1,10}$/);

export const validMark = fc.record(
  { cid, kpId: shortId, answer: shortId, loc, t, teamId: shortId },
  { requiredKeys: ['cid', 'kpId', 't'] },
);
export const validStartFinish = fc.record(
  { cid, t, loc, teamId: shortId },
  { requiredKeys: ['cid', 't'] },
);
export const validUpload = fc.record(
  {
    kind: fc.constantFrom('log', 'gpx', 'db'),
    messageId: shortId,
    content: fc.string({ maxLength: 100 }),
  },
  { requiredKeys: ['kind', 'content'] },
);

/**
 * A valid body with one to three edits: a field set to an odd value (also inside `loc`), a
 * field removed, an unknown field added; or any JSON value at all.
 */
export function mutatedBody(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  const keys = [
    'cid',
    'kpId',
    'answer',
    'loc',
    't',
    'teamId',
    'kind',
    'messageId',
    'content',
    'lat',
    'extra',
    '__proto__',
  ];
  const edit = fc.tuple(fc.constantFrom('set', 'delete', 'loc'), fc.constantFrom(...keys), oddJson);
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc
        .tuple(valid, fc.array(edit, { minLength: 1, maxLength: 3 }))
        .map(([body, edits]) => {
          const out: Record<string, unknown> = JSON.parse(JSON.stringify(body));
          for (const [kind, key, value] of edits) {
            if (kind === 'delete') delete out[key];
            else if (kind === 'loc')
              out.loc = { ...(out.loc as object), [key === 'lat' ? 'lat' : 'lng']: value };
            else out[key] = value;
          }
          return out;
        }),
    },
    { weight: 1, arbitrary: oddJson },
  );
}
