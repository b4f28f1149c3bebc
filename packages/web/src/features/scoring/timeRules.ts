import { parseTimeRules } from '@rada/core';
import type { TimeWindow } from '@rada/core';

/**
 * The two stored forms of `ajad` (spec 03 §8) and the editor's view of them:
 * flat `{normaalaeg, lisaajad: [{time, per, penalty}]}` and per class
 * `{classId: {stepId: {order, time, per, penalty}}}`.
 */
export type TimeRulesForm = 'none' | 'flat' | 'perclass';

export interface FlatRules {
  normaalaeg: number;
  lisaajad: TimeWindow[];
}

/** One class's ordered steps in the per-class editor; `classId` may be 'default'. */
export interface ClassSteps {
  classId: string;
  steps: TimeWindow[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Which form a stored `ajad` is in. */
export function timeRulesForm(ajad: unknown): TimeRulesForm {
  if (!isObject(ajad) || Object.keys(ajad).length === 0) return 'none';
  return 'normaalaeg' in ajad || 'lisaajad' in ajad ? 'flat' : 'perclass';
}

/** The flat form's fields (missing ones as 0 / empty). */
export function toFlat(ajad: unknown): FlatRules {
  const flat = parseTimeRules(ajad).flat;
  if (!flat) return { normaalaeg: 0, lisaajad: [] };
  const [first, ...rest] = flat;
  return { normaalaeg: first?.time ?? 0, lisaajad: rest };
}

/** The per-class form as ordered rows, 'default' first. */
export function toClassSteps(ajad: unknown): ClassSteps[] {
  const rows = [...parseTimeRules(ajad).byClass].map(([classId, steps]) => ({ classId, steps }));
  return rows.sort((a, b) => Number(b.classId === 'default') - Number(a.classId === 'default'));
}

/** The stored per-class value of editor rows; step ids are s1, s2… with `order` 1, 2… */
export function fromClassSteps(rows: ClassSteps[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { classId, steps } of rows) {
    out[classId] = Object.fromEntries(
      steps.map((s, i) => [
        `s${i + 1}`,
        { order: i + 1, time: s.time, per: s.per, penalty: s.penalty },
      ]),
    );
  }
  return out;
}

/**
 * Converts a stored `ajad` to the other form. Flat → per class gives a 'default' class whose first
 * step is the normal time; per class → flat takes the 'default' steps (else the first class's),
 * the first step becoming the normal time.
 */
export function convertTimeRules(ajad: unknown, to: TimeRulesForm): unknown {
  const from = timeRulesForm(ajad);
  if (to === 'none') return null;
  if (from === to) return ajad;
  if (to === 'perclass') {
    const flat = from === 'flat' ? parseTimeRules(ajad).flat : null;
    return fromClassSteps([
      { classId: 'default', steps: flat ?? [{ time: 180, per: 1, penalty: 0 }] },
    ]);
  }
  const rows = toClassSteps(ajad);
  const steps = (rows.find((r) => r.classId === 'default') ?? rows[0])?.steps ?? [];
  const [first, ...rest] = steps;
  return { normaalaeg: first?.time ?? 180, lisaajad: rest };
}

/** The windows that apply to a team of `classId` (its own steps, else 'default', else none). */
export function windowsForClass(ajad: unknown, classId: string | null): TimeWindow[] {
  const rules = parseTimeRules(ajad);
  if (rules.flat) return rules.flat;
  return (
    (classId !== null ? rules.byClass.get(classId) : undefined) ??
    rules.byClass.get('default') ??
    []
  );
}
