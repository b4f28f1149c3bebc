import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { SendMessageBody } from '@rada/core';
import type { SentMessageView } from '@rada/core';
import {
  initialMessageForm,
  sendMessageBody,
  sentContent,
  targetErrorText,
} from './messageForm.ts';

// A stand-in for i18next's t that knows one key and otherwise gives the default value.
const t = ((key: string, options?: { defaultValue?: string }) =>
  key === 'msg.error.nouser'
    ? 'The team has no user'
    : key.startsWith('msg.cmnd.')
      ? `desc of ${key.slice(9)}`
      : (options?.defaultValue ?? key)) as unknown as TFunction;

describe('sendMessageBody', () => {
  it('sends a message with only what was written, to everyone or to one team', () => {
    const all = { ...initialMessageForm(null), title: ' Hello ', body: '' };
    expect(sendMessageBody(all)).toEqual({ title: 'Hello' });
    const one = { ...initialMessageForm('t1'), body: 'Come back' };
    expect(sendMessageBody(one)).toEqual({ teamId: 't1', body: 'Come back' });
    for (const b of [sendMessageBody(all), sendMessageBody(one)]) {
      expect(SendMessageBody.safeParse(b).success).toBe(true);
    }
  });

  it('sends a command without title or body', () => {
    const form = {
      ...initialMessageForm('t1'),
      kind: 'command' as const,
      cmnd: 'sendGPX' as const,
    };
    const body = sendMessageBody({ ...form, title: 'ignored' });
    expect(body).toEqual({ teamId: 't1', cmnd: 'sendGPX' });
    expect(SendMessageBody.safeParse(body).success).toBe(true);
  });

  it('cannot send an empty message or to one team not chosen', () => {
    expect(sendMessageBody({ ...initialMessageForm(null), title: '  ' })).toBeNull();
    expect(sendMessageBody({ ...initialMessageForm(null), target: 'team', body: 'x' })).toBeNull();
  });
});

describe('targetErrorText and sentContent', () => {
  it('translates an error key and falls back to the message', () => {
    const nouser = { teamId: 'a', error: { code: 'msg.error.nouser', message: 'no user' } };
    expect(targetErrorText(t, nouser)).toBe('The team has no user');
    const other = { teamId: 'a', error: { code: 'push.failed', message: 'Device gone' } };
    expect(targetErrorText(t, other)).toBe('Device gone');
    expect(targetErrorText(t, { teamId: 'a' })).toBe('');
  });

  it('describes commands and joins a title and a body', () => {
    const base: SentMessageView = {
      id: 'm',
      eventId: 'e',
      teamId: 'a',
      kind: 'message',
      title: 'Hi',
      body: 'Go',
      cmnd: null,
      createdAt: 0,
      teamName: 'A',
      deliveredAt: null,
      deliveredTo: null,
    };
    expect(sentContent(t, base)).toBe('Hi — Go');
    expect(sentContent(t, { ...base, title: null })).toBe('Go');
    expect(
      sentContent(t, { ...base, kind: 'command', cmnd: 'sendDB', title: null, body: null }),
    ).toBe('sendDB: desc of sendDB');
  });
});
