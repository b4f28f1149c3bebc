import { describe, expect, it } from 'vitest';
import {
  DeviceIdParam,
  DeviceInfo,
  RegisterDeviceBody,
  SendMessageBody,
  SendMsgQuery,
} from './messages.ts';

describe('SendMessageBody', () => {
  it('takes a command or a message with a title and/or body', () => {
    expect(SendMessageBody.parse({ cmnd: 'sendLog' })).toEqual({ cmnd: 'sendLog' });
    expect(SendMessageBody.parse({ teamId: 't1', title: ' Hi ', body: 'There' })).toEqual({
      teamId: 't1',
      title: 'Hi',
      body: 'There',
    });
    expect(SendMessageBody.safeParse({ body: 'Only a body' }).success).toBe(true);
  });

  it('refuses both kinds, neither, a blank message and unknown commands or keys', () => {
    for (const body of [
      {},
      { teamId: 't1' },
      { cmnd: 'sendDB', title: 'x' },
      { cmnd: 'sendGPX', body: '' },
      { title: ' ', body: '  ' },
      { cmnd: 'wipe' },
      { title: 'x', to: 'all' },
      { teamId: '', title: 'x' },
    ]) {
      expect(SendMessageBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });
});

describe('SendMsgQuery', () => {
  it('splits tokens, drops blanks and repeats, and reads the topic’s event', () => {
    expect(SendMsgQuery.parse({ token: 'a1, b2,,a1', cmnd: 'sendLog' })).toEqual({
      token: ['a1', 'b2'],
      cmnd: 'sendLog',
    });
    expect(SendMsgQuery.parse({ topic: 'event-spring', title: 'Hi' })).toEqual({
      topic: 'spring',
      title: 'Hi',
    });
  });

  it('needs exactly one of token and topic, and a topic of the event-{id} form', () => {
    expect(SendMsgQuery.safeParse({ title: 'x' }).success).toBe(false);
    expect(SendMsgQuery.safeParse({ token: 'a', topic: 'event-x', title: 'x' }).success).toBe(
      false,
    );
    expect(SendMsgQuery.safeParse({ topic: 'spring', title: 'x' }).success).toBe(false);
    expect(SendMsgQuery.safeParse({ token: ' , ', title: 'x' }).success).toBe(false);
  });
});

describe('devices', () => {
  it('accepts app-generated device ids only', () => {
    for (const id of ['abcd', 'dev-1.a:b_c', 'x'.repeat(100)]) {
      expect(DeviceIdParam.safeParse(id).success, id).toBe(true);
    }
    for (const id of ['abc', 'a b c d', 'a/bcd', 'x'.repeat(101)]) {
      expect(DeviceIdParam.safeParse(id).success, id).toBe(false);
    }
  });

  it('defaults the info to empty and bounds its size', () => {
    expect(RegisterDeviceBody.parse({ eventId: 'spring' })).toEqual({
      eventId: 'spring',
      info: {},
    });
    expect(DeviceInfo.safeParse({ model: 'Pixel', pkginfo: { appVersion: '2.1' } }).success).toBe(
      true,
    );
    expect(DeviceInfo.safeParse({ blob: 'x'.repeat(9000) }).success).toBe(false);
    expect(RegisterDeviceBody.safeParse({ eventId: 'spring', owner: 'me' }).success).toBe(false);
  });
});
