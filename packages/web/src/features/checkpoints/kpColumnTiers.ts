/**
 * Which KP grid columns show at a grid width, so that the shown ones fit without sideways
 * scrolling: the number, the row's actions, the description and the state always; the location
 * first of the others (on a phone the number marks a KP without one); the rest join from the
 * widths below, each tier's columns fitting beside the ones before. Hidden columns stay one click
 * away in the grid's columns panel, and a reader's own choice there wins over these defaults.
 */
export const KP_COLUMN_TIERS: readonly { minWidth: number; fields: readonly string[] }[] = [
  { minWidth: 0, fields: ['nr', 'actions', 'desc', 'inwork'] },
  { minWidth: 640, fields: ['loc'] },
  { minWidth: 860, fields: ['ra', 'answer'] },
  { minWidth: 1110, fields: ['responses', 'kohustuslik'] },
  { minWidth: 1240, fields: ['grp'] },
  { minWidth: 1700, fields: ['allok', 'tyhistatud', 'maxanswerdistance', 'wrongpenalty'] },
];

/** Below this grid width the columns are narrowed so that the four basic ones fit a phone. */
export const KP_GRID_NARROW_WIDTH = 520;

/** The column visibility model at `width` (0, not yet measured, counts as wide). */
export function kpColumnVisibility(width: number): Record<string, boolean> {
  const model: Record<string, boolean> = {};
  for (const tier of KP_COLUMN_TIERS) {
    for (const field of tier.fields) model[field] = width === 0 || width >= tier.minWidth;
  }
  return model;
}

/**
 * The reader's changes in the columns panel: the fields whose visibility in `next` differs from
 * `shown`, added to the earlier ones.
 */
export function columnChoices(
  earlier: Record<string, boolean>,
  shown: Record<string, boolean>,
  next: Record<string, boolean>,
): Record<string, boolean> {
  const fields = new Set([...Object.keys(shown), ...Object.keys(next)]);
  const choices = { ...earlier };
  for (const field of fields) {
    const now = next[field] ?? true;
    if (now !== (shown[field] ?? true)) choices[field] = now;
  }
  return choices;
}
