import { describe, expect, it } from 'vitest';
import { findBadText } from './nul.ts';

describe('findBadText', () => {
  it('finds a NUL in a string or a key at any depth, naming its path', () => {
    expect(findBadText('a\u0000b')).toEqual({ path: '', kind: 'nul' });
    expect(findBadText({ body: { name: 'x\u0000' } })).toEqual({ path: 'body.name', kind: 'nul' });
    expect(findBadText({ body: { list: ['ok', 'n\u0000'] } })?.path).toBe('body.list.1');
    expect(findBadText({ body: { kp: { 'k\u00001': {} } } })?.path).toBe('body.kp.k\u00001');
  });

  it('finds a lone high or low surrogate in a string or a key', () => {
    expect(findBadText({ body: { name: 'a\uD800' } })).toEqual({
      path: 'body.name',
      kind: 'surrogate',
    });
    expect(findBadText({ q: ['\uDC00b'] })).toEqual({ path: 'q.0', kind: 'surrogate' });
    expect(findBadText({ q: '\uDBFF\uDBFF\uDC00' })?.kind).toBe('surrogate');
    expect(findBadText({ body: { ['\uD83D']: 1 } })).toEqual({
      path: 'body.\uD83D',
      kind: 'surrogate',
    });
  });

  it('passes everything else, whole surrogate pairs and deep nesting included', () => {
    expect(
      findBadText({ a: [1, true, null, 'text', { b: 'Öö \\u0000 🏃‍♀️ \uD83D\uDE00' }] }),
    ).toBeNull();
    expect(findBadText(undefined)).toBeNull();
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)).toBeNull();
  });
});
