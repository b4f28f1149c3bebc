import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, eventTopic, parseClientMessage } from './realtime.ts';

describe('parseClientMessage', () => {
  it('reads each message of the protocol, dropping fields outside it', () => {
    expect(PROTOCOL_VERSION).toBe(1);
    expect(parseClientMessage('{"v":1,"type":"ping","extra":true}')).toEqual({
      v: 1,
      type: 'ping',
    });
    expect(parseClientMessage('{"v":1,"type":"subscribe","topic":"event:a","x":1}')).toEqual({
      v: 1,
      type: 'subscribe',
      topic: 'event:a',
    });
    expect(
      parseClientMessage(JSON.stringify({ v: 1, type: 'unsubscribe', topic: 'event:a' })),
    ).toEqual({
      v: 1,
      type: 'unsubscribe',
      topic: 'event:a',
    });
  });

  it('answers null for anything else', () => {
    const bad = [
      '',
      'ping',
      '{"v":1,"type":"ping"',
      'null',
      '1',
      '"ping"',
      '[]',
      '{"type":"ping"}',
      '{"v":"1","type":"ping"}',
      '{"v":2,"type":"ping"}',
      '{"v":1,"type":"pong"}',
      '{"v":1,"type":"subscribe"}',
      '{"v":1,"type":"subscribe","topic":7}',
      '{"v":1,"type":"unsubscribe","topic":null}',
      JSON.stringify({ v: 1, type: 'subscribe', topic: 'x'.repeat(201) }),
    ];
    for (const text of bad) expect(parseClientMessage(text), text).toBeNull();
  });

  it('accepts topics up to 200 characters', () => {
    const topic = 'x'.repeat(200);
    expect(parseClientMessage(JSON.stringify({ v: 1, type: 'subscribe', topic }))).toEqual({
      v: 1,
      type: 'subscribe',
      topic,
    });
  });
});

describe('eventTopic', () => {
  it('names the topic of one event', () => {
    expect(eventTopic('Spring2026')).toBe('event:Spring2026');
  });
});
