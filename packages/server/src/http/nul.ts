/**
 * PostgreSQL text cannot hold U+0000 while SQLite can, so a NUL anywhere in a request would be
 * stored on one dialect and fail with a server error on the other. Requests are refused at the
 * edge instead. Returns the path of the first string or key holding a NUL, or null.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findNulPath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}
