import { describe, expect, it } from 'vitest';
import {
  buildCreateBody,
  canCreate,
  linkAfterNameChange,
  linkErrorKey,
  linkStatus,
  readTemplate,
  timeErrors,
} from './createEventForm.ts';

const START = Date.UTC(2026, 4, 1, 8, 0);
const validFile = JSON.stringify({ events: { name: 'x' }, eventsdata: {}, teams: {}, evdoc: {} });
const file = (text: string, name = 'ev.json') => ({
  name,
  size: text.length,
  text: async () => text,
});

describe('short link derivation', () => {
  it('follows the name without spaces and accent marks until edited by hand', () => {
    expect(linkAfterNameChange('Tartu Öö Rogain', '', false)).toBe('TartuOoRogain');
    expect(linkAfterNameChange('Tartu Öö Rogain 2', 'TartuOoRogain', false)).toBe('TartuOoRogain2');
    expect(linkAfterNameChange('Something else', 'my-link', true)).toBe('my-link');
  });
});

describe('short link status', () => {
  const answer = (exists: boolean, valid = true) => ({ exists, valid });
  it('is checking while typing has not paused or the answer is not in', () => {
    expect(
      linkStatus({ link: 'abc', checkedLink: 'ab', answer: answer(false), failed: false }),
    ).toBe('checking');
    expect(linkStatus({ link: 'abc', checkedLink: 'abc', answer: undefined, failed: false })).toBe(
      'checking',
    );
  });
  it('reports taken, free, malformed, reserved and failed checks', () => {
    expect(
      linkStatus({ link: 'abc', checkedLink: 'abc', answer: answer(true), failed: false }),
    ).toBe('exists');
    expect(
      linkStatus({ link: 'abc', checkedLink: 'abc', answer: answer(false), failed: false }),
    ).toBe('available');
    expect(linkStatus({ link: 'a b', checkedLink: 'a b', answer: undefined, failed: false })).toBe(
      'invalid',
    );
    expect(linkStatus({ link: 'api', checkedLink: 'api', answer: undefined, failed: false })).toBe(
      'invalid',
    );
    expect(
      linkStatus({ link: 'abc', checkedLink: 'abc', answer: answer(false, false), failed: false }),
    ).toBe('invalid');
    expect(linkStatus({ link: 'abc', checkedLink: 'abc', answer: undefined, failed: true })).toBe(
      'error',
    );
    expect(linkStatus({ link: '', checkedLink: '', answer: undefined, failed: false })).toBe(
      'empty',
    );
  });
  it('maps to the product error keys', () => {
    expect(linkErrorKey('exists')).toBe('createevent.err.exists');
    expect(linkErrorKey('invalid')).toBe('createevent.err.badlink');
    expect(linkErrorKey('available')).toBeNull();
    expect(linkErrorKey('checking')).toBeNull();
  });
});

describe('times', () => {
  it('allows a cleared end but not an end before the start or a half-typed end', () => {
    expect(timeErrors(START, null)).toEqual({ start: null, end: null });
    expect(timeErrors(START, START)).toEqual({ start: null, end: null });
    expect(timeErrors(START, START - 60_000).end).toBe('starttime.error.noorbadtime');
    expect(timeErrors(START, 'invalid').end).toBe('starttime.error.noorbadtime');
    expect(timeErrors(null, START).start).toBe('starttime.error.invalid');
    expect(timeErrors('invalid', null).start).toBe('starttime.error.invalid');
  });
});

describe('create buttons', () => {
  const ok = {
    name: 'Spring',
    linkStatus: 'available' as const,
    start: START,
    end: START + 3_600_000,
    template: { status: 'none' as const },
    busy: false,
  };
  it('are enabled only when everything is in order', () => {
    expect(canCreate(ok)).toBe(true);
    expect(canCreate({ ...ok, name: '   ' })).toBe(false);
    expect(canCreate({ ...ok, linkStatus: 'exists' })).toBe(false);
    expect(canCreate({ ...ok, linkStatus: 'checking' })).toBe(false);
    expect(canCreate({ ...ok, end: START - 1 })).toBe(false);
    expect(canCreate({ ...ok, start: 'invalid' })).toBe(false);
    expect(canCreate({ ...ok, busy: true })).toBe(false);
    expect(
      canCreate({
        ...ok,
        template: { status: 'bad', fileName: 'x', errorKey: 'createevent.badtemplate' },
      }),
    ).toBe(false);
    expect(canCreate({ ...ok, end: null })).toBe(true);
  });
});

describe('template file', () => {
  it('accepts an event file and refuses anything else', async () => {
    const good = await readTemplate(file(validFile), 1000);
    expect(good.status).toBe('ok');
    expect(await readTemplate(file('not json'), 1000)).toMatchObject({
      status: 'bad',
      errorKey: 'createevent.badtemplate',
    });
    expect(await readTemplate(file('{"events": {"name": "x"}}'), 1000)).toMatchObject({
      status: 'bad',
      errorKey: 'createevent.badtemplate',
    });
    expect(await readTemplate(file(validFile), 10)).toMatchObject({
      status: 'bad',
      errorKey: 'error.toolarge',
    });
  });
});

describe('request body', () => {
  it('sends the trimmed name, times, and the parsed template instead of duplicateOf', async () => {
    const template = await readTemplate(file(validFile), 1000);
    const body = buildCreateBody({
      name: '  Spring  ',
      link: 'Spring',
      start: START,
      end: null,
      template,
      removePermissions: false,
      duplicateOf: 'autumn',
    });
    expect(body).toEqual({
      name: 'Spring',
      shortlink: 'Spring',
      starttime: START,
      endtime: null,
      removePermissions: false,
      template: JSON.parse(validFile),
    });
    const copy = buildCreateBody({
      name: 'B',
      link: 'B',
      start: START,
      end: null,
      template: { status: 'none' },
      removePermissions: true,
      duplicateOf: 'autumn',
    });
    expect(copy.duplicateOf).toBe('autumn');
    expect(copy).not.toHaveProperty('template');
    const plain = buildCreateBody({
      name: 'A',
      link: 'A',
      start: START,
      end: START,
      template: { status: 'none' },
      removePermissions: true,
    });
    expect(plain).not.toHaveProperty('template');
    expect(plain).not.toHaveProperty('duplicateOf');
  });
});
