import { describe, expect, it } from 'vitest';
import { KP_COLUMN_TIERS, columnChoices, kpColumnVisibility } from './kpColumnTiers.ts';

const shown = (model: Record<string, boolean>) =>
  Object.keys(model)
    .filter((f) => model[f])
    .sort();

describe('kpColumnVisibility', () => {
  it('shows the number, actions, description and state on a phone', () => {
    expect(shown(kpColumnVisibility(358))).toEqual(['actions', 'desc', 'inwork', 'nr']);
  });

  it('adds columns as the grid widens, and shows all when wide or not yet measured', () => {
    const at = (w: number) => shown(kpColumnVisibility(w)).length;
    expect(at(700)).toBe(6);
    expect(at(1000)).toBe(8);
    expect(at(1300)).toBe(10);
    const all = KP_COLUMN_TIERS.flatMap((t) => t.fields).length;
    expect(at(1800)).toBe(all);
    expect(at(0)).toBe(all);
  });
});

describe('columnChoices', () => {
  it('keeps what the reader changed and only that', () => {
    const auto = kpColumnVisibility(700);
    const next = { ...auto, loc: true, answer: false };
    const choices = columnChoices({}, auto, next);
    expect(choices).toEqual({ loc: true, answer: false });
    // A later change adds to the earlier ones.
    expect(
      columnChoices(choices, { ...auto, ...choices }, { ...auto, ...choices, grp: true }),
    ).toEqual({ loc: true, answer: false, grp: true });
  });
});
