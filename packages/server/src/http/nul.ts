import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Text a database cannot keep as sent is refused at the edge, the same way on every dialect:
 * - U+0000 (NUL): PostgreSQL text cannot hold it while SQLite can, so it would be stored on one
 *   dialect and fail with a server error on the other;
 * - a lone UTF-16 surrogate (JSON's "\ud800" escape): not a Unicode character, so it cannot be
 *   encoded as UTF-8 and would be stored as U+FFFD, quietly changing what the client sent.
 */
export type BadText = { path: string; kind: 'nul' | 'surrogate' };

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badKind(text: string): BadText['kind'] | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

/**
 * The path of the first string or key holding a NUL or a lone surrogate, with which one, or null.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findBadText(value: unknown): BadText | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const kind = badKind(v);
      if (kind) return { path, kind };
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${key}` : key;
        const kind = badKind(key);
        if (kind) return { path: childPath, kind };
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * preValidation hook of the API: a NUL answers 400 error.validation and a lone surrogate
 * 400 error.badtext, each naming where (params.*, query.* or body.*).
 */
export async function refuseBadText(req: FastifyRequest): Promise<void> {
  const bad = findBadText({ params: req.params, query: req.query, body: req.body });
  if (bad?.kind === 'nul') {
    throw new AppError('error.validation', 400, [
      { path: bad.path, message: 'must not contain the NUL character' },
    ]);
  }
  if (bad?.kind === 'surrogate') {
    throw new AppError('error.badtext', 400, [
      { path: bad.path, message: 'must not contain a lone UTF-16 surrogate' },
    ]);
  }
}
