import fs from 'node:fs';
import type { Output } from './main.ts';

/**
 * The input of a file command (`results`, `cup-results`): the file named first and its
 * `--format`, one of `formats` (the first by default). Says what is wrong on `err` and answers
 * undefined when the file is missing or unreadable or the format unknown.
 */
export function readFileInput<F extends string>(
  rest: string[],
  formats: readonly F[],
  what: string,
  err: Output,
): { text: string; format: F } | undefined {
  const path = rest[0];
  const at = rest.indexOf('--format');
  const format = at >= 0 ? rest[at + 1] : formats[0];
  if (!path || path.startsWith('--')) {
    err.write(`${what}\n`);
    return undefined;
  }
  if (!(formats as readonly (string | undefined)[]).includes(format)) {
    err.write(`Unknown format ${format}; use ${formats.join(', ')}\n`);
    return undefined;
  }
  try {
    return { text: fs.readFileSync(path, 'utf8'), format: format as F };
  } catch (e) {
    err.write(`Cannot read ${path}: ${(e as Error).message}\n`);
    return undefined;
  }
}
