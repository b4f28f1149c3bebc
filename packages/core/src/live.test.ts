import { describe, expect, it } from 'vitest';
import {
  decodeListenHistory,
  encodeListenHistory,
  formatListenBatches,
  formatListenError,
  listenHandshake,
  listenReconnectDelay,
  parseListenHandshake,
  parseListenMessage,
} from './live.ts';
import type { ListenBatch } from './tracks/types.ts';

describe('listenReconnectDelay (spec 01 §4)', () => {
  const at = 1_000_000;
  it('waits 3 s after a close within 1 s of opening with no errors', () => {
    expect(listenReconnectDelay({ openedAt: at, closedAt: at + 999, errors: 0 })).toBe(3000);
    expect(listenReconnectDelay({ openedAt: at, closedAt: at, errors: 0 })).toBe(3000);
  });
  it('reconnects at once after a long clean connection', () => {
    expect(listenReconnectDelay({ openedAt: at, closedAt: at + 1000, errors: 0 })).toBe(0);
    expect(listenReconnectDelay({ openedAt: at, closedAt: at + 3_600_000, errors: 0 })).toBe(0);
  });
  it('reconnects at once when it never opened and no error was counted', () => {
    expect(listenReconnectDelay({ openedAt: null, closedAt: at, errors: 0 })).toBe(0);
  });
  it('waits 10 s times the error count, quick close or not', () => {
    expect(listenReconnectDelay({ openedAt: at, closedAt: at + 10, errors: 1 })).toBe(10_000);
    expect(listenReconnectDelay({ openedAt: at, closedAt: at + 60_000, errors: 3 })).toBe(30_000);
    expect(listenReconnectDelay({ openedAt: null, closedAt: at, errors: 2 })).toBe(20_000);
  });
  it('leaves a server that shuts down (1012) after a random time in 0.25–2 s, errors or not', () => {
    const closed = { openedAt: at, closedAt: at + 5, errors: 4, code: 1012 };
    expect(listenReconnectDelay({ ...closed, random: 0 })).toBe(250);
    expect(listenReconnectDelay({ ...closed, random: 0.5 })).toBe(1125);
    expect(listenReconnectDelay({ ...closed, random: 0.999999 })).toBe(2000);
    // Another code keeps the usual rule.
    expect(listenReconnectDelay({ ...closed, code: 1006 })).toBe(40_000);
  });
  it('caps the wait at 300 s', () => {
    expect(listenReconnectDelay({ openedAt: at, closedAt: at + 5, errors: 30 })).toBe(300_000);
    expect(listenReconnectDelay({ openedAt: null, closedAt: at, errors: 1000 })).toBe(300_000);
  });
});

describe('listen handshake', () => {
  it('formats and parses the two lines', () => {
    const [event, token] = listenHandshake('spring', 'abc');
    expect(event).toBe('EventId:spring');
    expect(token).toBe('BearerToken:abc');
    expect(parseListenHandshake(event)).toEqual({ kind: 'event', eventId: 'spring' });
    expect(parseListenHandshake(token)).toEqual({ kind: 'token', token: 'abc' });
  });
  it('sends an empty token for an anonymous viewer', () => {
    expect(listenHandshake('spring', null)[1]).toBe('BearerToken:');
    expect(parseListenHandshake('BearerToken:')).toEqual({ kind: 'token', token: '' });
  });
  it('refuses anything else', () => {
    for (const bad of ['', 'EventId:', 'hello', 'eventid:x', `EventId:${'x'.repeat(201)}`]) {
      expect(parseListenHandshake(bad)).toBeNull();
    }
    expect(parseListenHandshake(`BearerToken:${'x'.repeat(501)}`)).toBeNull();
  });
});

const batch: ListenBatch = {
  devid: 'phone-1',
  uid: 'u1',
  tid: 't1',
  locations: [{ t: 1, y: 58.1, x: 26.5, a: 5, s: null, l: null, g: null, d: null }],
};

describe('parseListenMessage', () => {
  it("reads 'j:' batches as formatted", () => {
    expect(parseListenMessage(formatListenBatches([batch]))).toEqual({
      kind: 'batches',
      batches: [batch],
    });
    expect(parseListenMessage('j:[]')).toEqual({ kind: 'batches', batches: [] });
  });
  it("reads 'e:' errors", () => {
    expect(parseListenMessage(formatListenError('error.forbidden'))).toEqual({
      kind: 'error',
      error: 'error.forbidden',
    });
  });
  it('refuses malformed text frames', () => {
    for (const bad of [
      'j:',
      'j:{',
      'j:{}',
      'j:[1]',
      'j:[{"devid":1}]',
      'e:[]',
      'e:{}',
      'x:[]',
      '',
    ]) {
      expect(parseListenMessage(bad)).toBeNull();
    }
  });
  it("round-trips the binary 'z:' history", () => {
    const entries = [
      {
        tid: 't1',
        devid: 'phone-1',
        uid: 'u1',
        chunks: [new Uint8Array([1, 2, 3]), new Uint8Array([])],
      },
      { tid: 'tiim-ä€😀', devid: 'd2', uid: null, chunks: [] },
    ];
    const bytes = encodeListenHistory(entries);
    expect(String.fromCharCode(bytes[0]!, bytes[1]!)).toBe('z:');
    expect(parseListenMessage(bytes)).toEqual({ kind: 'history', entries });
    expect(decodeListenHistory(encodeListenHistory([]))).toEqual([]);
    // Strings are UTF-8: 'ä€' is c3 a4 e2 82 ac after its length byte.
    const one = encodeListenHistory([{ tid: 'ä€', devid: '', uid: null, chunks: [] }]);
    expect([...one.slice(7, 13)]).toEqual([5, 0xc3, 0xa4, 0xe2, 0x82, 0xac]);
  });
  it('refuses a truncated, padded or foreign binary frame', () => {
    const bytes = encodeListenHistory([
      { tid: 't', devid: 'd', uid: 'u', chunks: [new Uint8Array([9, 9])] },
    ]);
    expect(parseListenMessage(bytes.slice(0, bytes.length - 1))).toBeNull();
    expect(parseListenMessage(new Uint8Array([...bytes, 0]))).toBeNull();
    expect(parseListenMessage(new Uint8Array([0x7a, 0x3a, 9, 0, 0, 0, 0]))).toBeNull();
    expect(parseListenMessage(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
