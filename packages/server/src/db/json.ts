/** JSON columns are text in every dialect; these keep the parsing in one place. */
export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

/** Parses a JSON column; an empty or broken column reads as `fallback`. */
export function fromJson<T>(text: string | null | undefined, fallback: T): T {
  if (text === null || text === undefined || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export type JsonMap = Record<string, unknown>;

/** `value` when it is a JSON object (a nested document), else an empty one. */
export const asJsonMap = (value: unknown): JsonMap =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonMap) : {};

/** Reads a JSON column holding an object. */
export function fromJsonMap(text: string | null | undefined): JsonMap {
  const v = fromJson<unknown>(text, {});
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonMap) : {};
}
