import { describe, expect, it } from 'vitest';
import { megabytes, sizeText } from './format.ts';

describe('sizes', () => {
  it('writes megabytes, and kilobytes for small files', () => {
    expect(megabytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(megabytes(200 * 1024)).toBe('0.2 MB');
    expect(megabytes(44)).toBe('1 KB');
    expect(megabytes(50 * 1024)).toBe('50 KB');
    expect(sizeText({ width: 8000, height: 6000, bytes: 3 * 1024 * 1024 })).toBe(
      '8000 × 6000 px · 3.0 MB',
    );
  });
});
