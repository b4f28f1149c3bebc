import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WHEEL_OPTIONS,
  WHEEL_ADD_EVENT_BEFORE_MS,
  WheelOfNamesBody,
  readStoredWheel,
  storedWheelValue,
  wheelConfig,
  wheelEarliestStart,
  wheelEntries,
  wheelMatches,
} from './wheel.ts';

describe('the wheel of names', () => {
  it('draws from the team names without the ignored ones, in order', () => {
    expect(wheelEntries(['A', 'B', 'C', 'B'], ['B'])).toEqual(['A', 'C']);
    expect(wheelEntries(['A'], [])).toEqual(['A']);
  });

  it('tells whether a stored wheel still matches the entries and options', () => {
    const current = wheelConfig(DEFAULT_WHEEL_OPTIONS, ['A', 'B']);
    const stored = JSON.parse(JSON.stringify(current)) as unknown;
    expect(wheelMatches(stored, current)).toBe(true);
    expect(wheelMatches(stored, wheelConfig(DEFAULT_WHEEL_OPTIONS, ['B', 'A']))).toBe(false);
    expect(
      wheelMatches(stored, wheelConfig({ ...DEFAULT_WHEEL_OPTIONS, title: 'X' }, ['A', 'B'])),
    ).toBe(false);
    expect(wheelMatches(null, current)).toBe(false);
    expect(wheelMatches({ ...current, extra: 1 }, current)).toBe(false);
  });

  it('lets events from one week before the start be added', () => {
    expect(wheelEarliestStart(1_000_000_000_000)).toBe(
      1_000_000_000_000 - WHEEL_ADD_EVENT_BEFORE_MS,
    );
    expect(WHEEL_ADD_EVENT_BEFORE_MS).toBe(604_800_000);
    expect(wheelEarliestStart(null)).toBeNull();
  });

  it('reads a stored wheel leniently and writes it back keeping unknown keys', () => {
    const stored = {
      id: 'abc-123',
      ignnames: ['Team X', 5],
      events: { spring: true, gone: false },
      config: { title: 'Prizes', launchConfetti: false, unknownOption: 1, showTitle: 'yes' },
      keepMe: { a: 1 },
    };
    const wheel = readStoredWheel(stored);
    expect(wheel).toMatchObject({ id: 'abc-123', ignnames: ['Team X'], events: ['spring'] });
    // A malformed option makes the whole stored config fall back to the defaults.
    expect(wheel.options).toEqual(DEFAULT_WHEEL_OPTIONS);
    const good = readStoredWheel({ config: { title: 'Prizes', launchConfetti: false, x: 1 } });
    expect(good.options).toEqual({
      ...DEFAULT_WHEEL_OPTIONS,
      title: 'Prizes',
      launchConfetti: false,
    });
    const written = storedWheelValue(stored, { ...wheel, id: null });
    expect(written).toMatchObject({ keepMe: { a: 1 }, events: { spring: true } });
    expect('id' in written).toBe(false);
    expect(readStoredWheel(undefined)).toEqual({
      id: null,
      ignnames: [],
      events: [],
      options: DEFAULT_WHEEL_OPTIONS,
      wheel: null,
    });
  });

  it('keeps the external wheel to the event that made it (copies start without)', () => {
    const own = storedWheelValue(
      {},
      { ...readStoredWheel({}), id: 'w-1', wheel: { entries: [] } },
      'spring',
    );
    expect(own).toMatchObject({ id: 'w-1', idevent: 'spring' });
    expect(readStoredWheel(own, 'spring')).toMatchObject({ id: 'w-1', wheel: { entries: [] } });
    expect(readStoredWheel(own, 'spring-copy')).toMatchObject({ id: null, wheel: null });
    // Stored before idevent existed: taken as the event's own.
    expect(readStoredWheel({ id: 'old' }, 'any').id).toBe('old');
  });

  it('accepts the three requests of api/wheelofnames only', () => {
    expect(WheelOfNamesBody.safeParse({ request: 'getwheels' }).success).toBe(true);
    expect(WheelOfNamesBody.safeParse({ request: 'delete', path: 'a-b' }).success).toBe(true);
    expect(WheelOfNamesBody.safeParse({ request: 'delete' }).success).toBe(false);
    expect(
      WheelOfNamesBody.safeParse({ request: 'create', config: DEFAULT_WHEEL_OPTIONS }).success,
    ).toBe(true);
    expect(WheelOfNamesBody.safeParse({ request: 'spin' }).success).toBe(false);
  });
});
