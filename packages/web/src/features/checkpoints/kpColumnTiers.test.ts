import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { KP_COLUMN_TIERS, columnChoices, kpColumnVisibility } from './kpColumnTiers.ts';
import { kpColumns } from './kpColumns.tsx';

const shown = (model: Record<string, boolean>) =>
  Object.keys(model)
    .filter((f) => model[f])
    .sort();

describe('kpColumnVisibility', () => {
  it('shows the number, actions, description and state on a phone', () => {
    expect(shown(kpColumnVisibility(358))).toEqual(['actions', 'desc', 'inwork', 'nr']);
  });

  it('adds the location first, then the others as the grid widens; all when wide or not yet measured', () => {
    expect(shown(kpColumnVisibility(700))).toEqual(['actions', 'desc', 'inwork', 'loc', 'nr']);
    const at = (w: number) => shown(kpColumnVisibility(w)).length;
    expect(at(900)).toBe(7);
    expect(at(1150)).toBe(9);
    expect(at(1300)).toBe(10);
    const all = KP_COLUMN_TIERS.flatMap((t) => t.fields).length;
    expect(at(1800)).toBe(all);
    expect(at(0)).toBe(all);
  });
});

describe('KP_COLUMN_TIERS', () => {
  it("fits each tier's columns, with all before it, in the tier's width", () => {
    const t = ((key: string) => key) as unknown as TFunction;
    const columns = kpColumns({ t, admin: true, editable: true, current: () => [] });
    const width = (field: string) => {
      const c = columns.find((col) => col.field === field)!;
      return c.width ?? c.minWidth ?? 0;
    };
    let used = 0;
    for (const tier of KP_COLUMN_TIERS) {
      used += tier.fields.reduce((sum, f) => sum + width(f), 0);
      if (tier.minWidth > 0) expect(used, tier.fields.join()).toBeLessThanOrEqual(tier.minWidth);
    }
  });
});

describe('columnChoices', () => {
  it('keeps what the reader changed and only that', () => {
    const auto = kpColumnVisibility(700);
    const next = { ...auto, ra: true, loc: false };
    const choices = columnChoices({}, auto, next);
    expect(choices).toEqual({ ra: true, loc: false });
    // A later change adds to the earlier ones.
    expect(
      columnChoices(choices, { ...auto, ...choices }, { ...auto, ...choices, grp: true }),
    ).toEqual({ ra: true, loc: false, grp: true });
  });
});
