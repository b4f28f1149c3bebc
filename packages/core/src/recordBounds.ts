/**
 * A refinement for `z.record(…)`, which has no size check of its own: at most `max` keys. Use as
 * `z.record(key, value).refine(...atMostKeys(100))`. The body limits bound how many keys a
 * request can carry at all; this bounds what is kept (docs/security.md).
 */
export const atMostKeys = (max: number) =>
  [
    (record: object) => Object.keys(record).length <= max,
    { message: `at most ${max} entries` },
  ] as const;
