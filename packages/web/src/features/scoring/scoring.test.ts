import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_RULES } from '@rada/core';
import { pickScoring, scoringPatch } from './scoringDraft.ts';
import {
  convertTimeRules,
  fromClassSteps,
  timeRulesForm,
  toClassSteps,
  toFlat,
  windowsForClass,
} from './timeRules.ts';
import { formatMinutes, timelineSegments } from './timeline.ts';
import { effectiveRules, isDefaultOrder, moveRule, unusedRules } from './orderRules.ts';
import {
  classList,
  nextClassId,
  rakoefRows,
  toKlassid,
  toRakoef,
  toggleShared,
} from './classes.ts';
import { DEFAULT_SAMPLE, buildSampleEvent, parseSpent, sampleResult } from './sampleEvent.ts';

const flat = { normaalaeg: 180, lisaajad: [{ time: 30, per: 1, penalty: 10 }] };

describe('scoring draft', () => {
  it('picks the scoring keys and patches only what changed, clearing emptied keys', () => {
    const stored = { rakoef: [null, 10], ajad: flat, type: 'valik', ly: null };
    expect(pickScoring(stored)).toEqual({ rakoef: [null, 10], ajad: flat });
    expect(
      scoringPatch(stored, { rakoef: [null, 10], ajad: undefined, wrongcoef: 2, orderrules: [] }),
    ).toEqual({ ajad: null, wrongcoef: 2 });
  });
});

describe('time rules forms', () => {
  it('tells the forms apart', () => {
    expect(timeRulesForm(null)).toBe('none');
    expect(timeRulesForm({})).toBe('none');
    expect(timeRulesForm(flat)).toBe('flat');
    expect(timeRulesForm({ default: { a: { order: 1, time: 60 } } })).toBe('perclass');
  });

  it('reads the flat form', () => {
    expect(toFlat(flat)).toEqual({
      normaalaeg: 180,
      lisaajad: [{ time: 30, per: 1, penalty: 10 }],
    });
    expect(toFlat(null)).toEqual({ normaalaeg: 0, lisaajad: [] });
  });

  it('round-trips per-class steps in order, default first', () => {
    const stored = {
      '2': { b: { order: 2, time: 20, per: 5, penalty: 3 }, a: { order: 1, time: 90 } },
      default: { x: { order: 1, time: 120, per: 1, penalty: 0 } },
    };
    const rows = toClassSteps(stored);
    expect(rows.map((r) => r.classId)).toEqual(['default', '2']);
    expect(rows[1]!.steps).toEqual([
      { time: 90, per: 1, penalty: 0 },
      { time: 20, per: 5, penalty: 3 },
    ]);
    expect(toClassSteps(fromClassSteps(rows))).toEqual(rows);
  });

  it('converts flat to per class and back without losing windows', () => {
    const perClass = convertTimeRules(flat, 'perclass');
    expect(timeRulesForm(perClass)).toBe('perclass');
    expect(windowsForClass(perClass, 'x')).toEqual(windowsForClass(flat, 'x'));
    expect(convertTimeRules(perClass, 'flat')).toEqual(flat);
    expect(convertTimeRules(flat, 'none')).toBeNull();
  });

  it('falls back to the default class', () => {
    const stored = fromClassSteps([
      { classId: 'default', steps: [{ time: 60, per: 1, penalty: 0 }] },
      { classId: 'A', steps: [{ time: 30, per: 1, penalty: 0 }] },
    ]);
    expect(windowsForClass(stored, 'A')[0]!.time).toBe(30);
    expect(windowsForClass(stored, 'B')[0]!.time).toBe(60);
    expect(windowsForClass(null, 'B')).toEqual([]);
  });
});

describe('timeline geometry', () => {
  it('lays windows out in proportion, with overtime after the last', () => {
    const segs = timelineSegments(
      [
        { time: 180, per: 1, penalty: 0 },
        { time: 60, per: 5, penalty: 2 },
      ],
      500,
      0.2,
    );
    expect(segs.map((s) => s.kind)).toEqual(['normal', 'penalty', 'overtime']);
    expect(segs[0]).toMatchObject({ x: 0, width: 300, startMin: 0, endMin: 180 });
    expect(segs[1]).toMatchObject({ x: 300, width: 100, startMin: 180, endMin: 240, penalty: 2 });
    expect(segs[2]).toMatchObject({ x: 400, width: 100, startMin: 240, endMin: null });
  });

  it('draws nothing without minutes and skips empty windows', () => {
    expect(timelineSegments([], 500)).toEqual([]);
    expect(timelineSegments([{ time: 0, per: 1, penalty: 0 }], 500)).toEqual([]);
    expect(
      timelineSegments(
        [
          { time: 0, per: 1, penalty: 0 },
          { time: 10, per: 1, penalty: 1 },
        ],
        100,
      ).map((s) => s.kind),
    ).toEqual(['penalty', 'overtime']);
    expect(formatMinutes(210)).toBe('3:30');
  });
});

describe('order rules', () => {
  it('uses the default order when nothing is stored', () => {
    expect(effectiveRules(undefined)).toEqual(DEFAULT_ORDER_RULES);
    expect(effectiveRules(['points', 'bogus', 'spent'])).toEqual(['points', 'spent']);
    expect(isDefaultOrder(effectiveRules([]))).toBe(true);
  });

  it('moves a rule and clamps the target', () => {
    const rules = effectiveRules(null);
    expect(moveRule(rules, 3, 0)).toEqual(['points', 'dsq', 'katk', 'intime', 'spent', 'okcount']);
    expect(moveRule(rules, 0, 99).at(-1)).toBe('dsq');
    expect(moveRule(rules, 9, 0)).toEqual(rules);
    expect(unusedRules(rules)).toEqual(['highkp', 'spdpenalty', 'spdavg']);
  });
});

describe('classes, rakoef and shared classes', () => {
  it('edits klassid keeping object entries', () => {
    const stored = { A: 'Men', B: { name: 'Women', order: 2 } };
    const list = classList(stored);
    expect(list).toEqual([
      { id: 'A', name: 'Men' },
      { id: 'B', name: 'Women' },
    ]);
    expect(toKlassid([{ id: 'B', name: 'W' }], stored)).toEqual({ B: { name: 'W', order: 2 } });
    expect(nextClassId([{ id: '1', name: '' }])).toBe('2');
  });

  it('keeps rakoef[0] unused', () => {
    expect(rakoefRows([null, 10, 'x', 30])).toEqual([10, null, 30]);
    expect(toRakoef([10, 20])).toEqual([null, 10, 20]);
    expect(toRakoef([])).toBeNull();
    expect(toggleShared('3', 2, true)).toBe('2,3');
    expect(toggleShared('2,3', 3, false)).toBe('2');
  });
});

describe('sample team', () => {
  it('parses h:mm', () => {
    expect(parseSpent('3:02:01')).toBe((3 * 3600 + 121) * 1000);
    expect(parseSpent('0:45')).toBe(45 * 60_000);
    expect(parseSpent('3h')).toBeNull();
  });

  it('scores the sample through the engine with every setting in play', () => {
    const settings = {
      rakoef: [null, 10, 20, 30],
      wrongpenaltyenabled: true,
      wrongcoef: 2,
      ajad: flat,
      firstbonus: [50, 20],
      firstkpvisitbonus: true,
      firstkpvisitaddbonus: 1,
      ly: { Photo: { ispenalty: false }, Litter: { ispenalty: true, forclasses: ['B'] } },
      dstresult: { targetdst: 10, dststeps: 1, dstpoints: 40, dstpointssteps: 5 },
    };
    const r = sampleResult(settings, {
      ...DEFAULT_SAMPLE,
      klass: 'A',
      spent: '3:02:01',
      ok: [2, 1],
      wrong: 1,
      mandatoryMissed: 1,
      finishPlace: 2,
      km: 12.5,
      extras: { Photo: 7, Litter: 100 },
    });
    expect(r).toMatchObject({
      kpsum: 40,
      kppenalty: 20 + 20,
      timepenaltys: [0, 30],
      overtime: false,
      firstkpsbonus: 3,
      firstbonus: 20,
      lypoints: 7,
      dstpoints: 30,
    });
    expect(r!.sum).toBe(40 - 40 + 3 + 20 + 7 + 30 - 30);
  });

  it('adds earlier finishers only for a later place and leaves an unfinished team without time', () => {
    const ev = buildSampleEvent({}, { ...DEFAULT_SAMPLE, finishPlace: 3, spent: '' });
    expect(Object.keys(ev.teams)).toHaveLength(3);
    expect(ev.teams.sample!.finishtime).toBeNull();
  });
});
