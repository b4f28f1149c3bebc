/** The local calendar day of a moment, YYYY-MM-DD (the server's time zone). */
export function localDay(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * Values kept until the day ends (spec 02 §9: the accounting API's answers are valid for the
 * current day). A value is loaded once however many ask at the same time; a failed load is not
 * kept, so the next ask tries again.
 */
export function dayCache(now: () => number) {
  const entries = new Map<string, { day: string; value: Promise<unknown> }>();
  let today = '';
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const day = localDay(now());
      // A new day: yesterday's values are all stale (and would otherwise pile up per date).
      if (day !== today) {
        entries.clear();
        today = day;
      }
      const kept = entries.get(key);
      if (kept && kept.day === day) return kept.value as Promise<T>;
      const value = load();
      entries.set(key, { day, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    drop(key: string): void {
      entries.delete(key);
    },
    dropWhere(test: (key: string) => boolean): void {
      for (const key of [...entries.keys()]) if (test(key)) entries.delete(key);
    },
  };
}
