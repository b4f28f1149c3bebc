import { describe, expect, it } from 'vitest';
import { findNulPath } from './nul.ts';

describe('findNulPath', () => {
  it('finds a NUL in a string or a key at any depth, naming its path', () => {
    expect(findNulPath('a\u0000b')).toBe('');
    expect(findNulPath({ body: { name: 'x\u0000' } })).toBe('body.name');
    expect(findNulPath({ body: { list: ['ok', 'n\u0000'] } })).toBe('body.list.1');
    expect(findNulPath({ body: { kp: { 'k\u00001': {} } } })).toBe('body.kp.k\u00001');
  });

  it('passes everything else, deep nesting included', () => {
    expect(findNulPath({ a: [1, true, null, 'text', { b: 'Öö \\u0000' }] })).toBeNull();
    expect(findNulPath(undefined)).toBeNull();
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNulPath(deep)).toBeNull();
  });
});
