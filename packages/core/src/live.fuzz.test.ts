/**
 * Fuzz properties of the /listen protocol readers: the handshake lines the server reads from any
 * socket, and the frames the viewer reads ('j:', 'e:', 'z:' history whose chunks are codec
 * bytes). Whatever the input, the answer is a well-formed value or null (the server then refuses
 * with error.validation); never an exception, never a hang. FUZZ_RUNS inputs per reader.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeListenHistory,
  encodeListenHistory,
  formatListenBatches,
  formatListenError,
  listenHandshake,
  parseListenHandshake,
  parseListenMessage,
  type ListenHistoryEntry,
} from './live.ts';
import {
  check,
  checkLinear,
  fuzzOptions,
  mutatedBytes,
  mutatedText,
  outcome,
  randomText,
  repeated,
  ROUND_TRIP_RUNS,
  timed,
  FUZZ_TEST_TIMEOUT_MS,
} from './testing/fuzz.ts';
import { decodeTrack, encodeTrack, TrackFormatError } from './tracks/codec.ts';
import type { LocationPoint } from './tracks/types.ts';

const id = fc.stringMatching(/^[A-Za-z0-9_.:-]{1,40}$/);
const point: fc.Arbitrary<LocationPoint> = fc.record({
  t: fc.integer({ min: 946_684_800_000, max: 2_000_000_000_000 }),
  y: fc.double({ min: -90, max: 90, noNaN: true }),
  x: fc.double({ min: -180, max: 180, noNaN: true }),
  a: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  s: fc.constant(null),
  l: fc.constant(null),
  g: fc.constant(null),
  d: fc.constant(null),
});

const handshakeLine = fc.oneof(
  fc.tuple(id, fc.option(fc.string({ maxLength: 20 }))).map(([e, t]) => listenHandshake(e, t)[0]),
  fc.tuple(id, fc.option(fc.string({ maxLength: 20 }))).map(([e, t]) => listenHandshake(e, t)[1]),
);
const handshakeText = fc.oneof(
  { weight: 2, arbitrary: handshakeLine },
  { weight: 4, arbitrary: mutatedText(handshakeLine, ['EventId:', 'BearerToken:', 'eventid:']) },
  { weight: 1, arbitrary: randomText },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('EventId:', 'BearerToken:', ''), repeated([' ', 'a', '\u00a0', ':']))
      .map(([head, big]) => head + big),
  },
);

const entry: fc.Arbitrary<ListenHistoryEntry> = fc.record({
  tid: id,
  devid: id,
  uid: fc.option(id, { nil: null }),
  chunks: fc.array(fc.array(point, { maxLength: 5 }).map(encodeTrack), { maxLength: 3 }),
});
const history = fc.array(entry, { maxLength: 4 }).map(encodeListenHistory);
const binaryFrame = fc.oneof(
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 100 }) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 60 }).map((b) => Uint8Array.from([0x7a, 0x3a, 1, ...b])),
  },
  { weight: 4, arbitrary: mutatedBytes(history) },
);
const batch = fc.record({
  devid: id,
  uid: fc.option(id, { nil: null }),
  tid: fc.option(id, { nil: null }),
  locations: fc.array(point, { maxLength: 3 }),
});
const textFrames = fc.oneof(
  fc.array(batch, { maxLength: 3 }).map(formatListenBatches),
  fc.string({ maxLength: 20 }).map(formatListenError),
  fc
    .tuple(fc.constantFrom('j:', 'e:', 'z:', ''), fc.jsonValue({ maxDepth: 3 }))
    .map(([head, v]) => head + JSON.stringify(v)),
);
const textFrame = fc.oneof(
  { weight: 2, arbitrary: textFrames },
  {
    weight: 3,
    arbitrary: mutatedText(textFrames, [
      'j:',
      'e:',
      '"devid":',
      '"locations":',
      '"error":',
      '[',
      '{',
    ]),
  },
  { weight: 1, arbitrary: randomText },
);

describe('/listen readers never crash on any input', { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  it('handshake: a line the server reads is an event id or a token within bounds, else null', () => {
    fc.assert(
      fc.property(handshakeText, (text) => {
        const line = timed(() => parseListenHandshake(text));
        if (line === null) return;
        if (line.kind === 'event') {
          check(text.startsWith('EventId:'), 'event from another line', text);
          check(line.eventId === line.eventId.trim(), 'untrimmed', line);
          check(line.eventId.length >= 1 && line.eventId.length <= 200, 'bad length', line);
        } else {
          check(text.startsWith('BearerToken:'), 'token from another line', text);
          check(line.token === line.token.trim() && line.token.length <= 500, 'bad token', line);
        }
      }),
      fuzzOptions(),
    );
  });

  it('handshake: what a client sends reads back', () => {
    fc.assert(
      fc.property(id, fc.option(id), (eventId, token) => {
        const [e, t] = listenHandshake(eventId, token);
        expect(parseListenHandshake(e)).toEqual({ kind: 'event', eventId });
        expect(parseListenHandshake(t)).toEqual({ kind: 'token', token: token ?? '' });
      }),
      fuzzOptions(ROUND_TRIP_RUNS),
    );
  });

  it('text frames: batches with a device id and locations, an error text, or null', () => {
    fc.assert(
      fc.property(textFrame, (text) => {
        const m = timed(() => parseListenMessage(text));
        if (m === null) return;
        if (m.kind === 'batches')
          for (const b of m.batches)
            check(typeof b.devid === 'string' && Array.isArray(b.locations), 'bad batch', b);
        else if (m.kind === 'error') check(typeof m.error === 'string', 'bad error', m);
        else throw new Error(`history from text: ${text}`);
      }),
      fuzzOptions(),
    );
  });

  it('history frames: entries whose chunks decode or fail with TrackFormatError, else null', () => {
    fc.assert(
      fc.property(binaryFrame, (bytes) => {
        const m = timed(() => parseListenMessage(bytes));
        if (m === null) return;
        check(m.kind === 'history', 'not history', m.kind);
        if (m.kind !== 'history') return;
        for (const e of m.entries) {
          check(typeof e.tid === 'string' && typeof e.devid === 'string', 'bad ids', e);
          for (const c of e.chunks)
            outcome(
              () => decodeTrack(c),
              (x) => x instanceof TrackFormatError,
            );
        }
      }),
      fuzzOptions(),
    );
  });

  it('history frames: encode then decode gives the entries back', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (entries) => {
        expect(decodeListenHistory(encodeListenHistory(entries))).toEqual(entries);
      }),
      fuzzOptions(ROUND_TRIP_RUNS),
    );
  });

  it('take linear time on long frames', () => {
    checkLinear(parseListenHandshake, [' ', 'a'], (run) => `EventId:${run}x`);
    checkLinear(parseListenMessage, ['[', '{"devid":"a","locations":[]},'], (run) => `j:${run}`);
  });
});
