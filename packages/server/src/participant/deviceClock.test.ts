import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEVICE_CLOCK_WINDOW_MS, nextClockObservation } from '@rada/core';
import type { ClockObservation } from '@rada/core';
import { bareEventRow, freshDatabase, testDialects } from '../test/databases.ts';
import type { Db } from '../db/database.ts';
import { participantRepository } from './participant.repository.ts';

describe.each(testDialects())('device clock upsert on $name', (dialect) => {
  let h: Db;
  beforeAll(async () => {
    h = await freshDatabase(dialect);
    await h.db.insertInto('events').values(bareEventRow('clock')).execute();
  });
  afterAll(() => h.close());

  it('keeps what core nextClockObservation keeps, for any run of observations', async () => {
    const repo = participantRepository(h.db);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            // Steps across the window's edge, exactly on it too, and offsets that repeat.
            step: fc.oneof(
              fc.integer({ min: 0, max: 2 * DEVICE_CLOCK_WINDOW_MS }),
              fc.constantFrom(DEVICE_CLOCK_WINDOW_MS, DEVICE_CLOCK_WINDOW_MS + 1),
            ),
            offset: fc.oneof(
              fc.integer({ min: -3, max: 3 }).map((s) => s * 1000),
              fc.integer({ min: -3_600_000, max: 120_000 }),
            ),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (observations) => {
          const team = `t${run++}`;
          let model: ClockObservation | null = null;
          let now = 1_800_000_000_000;
          for (const { step, offset } of observations) {
            now += step;
            model = nextClockObservation(model, offset, now) ?? model;
            await repo.observeClock(
              { event_id: 'clock', team_id: team, offset_ms: offset, observed_at: now },
              DEVICE_CLOCK_WINDOW_MS,
            );
            const row = await repo.clockOf('clock', team);
            expect({ offset: Number(row?.offset_ms), at: Number(row?.observed_at) }).toEqual(model);
          }
        },
      ),
      { numRuns: dialect.name === 'sqlite' ? 200 : 40 },
    );
  });
});
