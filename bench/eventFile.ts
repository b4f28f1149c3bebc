/**
 * eventFile: import then export of a large event (150 KPs, 300 teams, 40 answers each) through
 * the real SQLite storage, against the baseline of parsing and serialising the same file
 * (the least any import/export must do). Target: under 50× the baseline.
 */
import { migrateToLatest, openDatabase } from '../packages/server/src/db/database.ts';
import { createStore } from '../packages/server/src/db/store.ts';
import { eventService } from '../packages/server/src/events/event.service.ts';
import { inProcessBus } from '../packages/server/src/realtime/bus.ts';
import type { EventFile } from '@rada/core';
import { medianMs as time, type BenchResult } from './harness.ts';

function bigEvent(kps: number, teams: number, answersPerTeam: number): EventFile {
  const kp: Record<string, Record<string, unknown>> = {};
  const kpdata: Record<string, Record<string, unknown>> = {};
  const kpanswer: Record<string, string> = {};
  for (let i = 1; i <= kps; i++) {
    kp[`k${i}`] = { nr: i, ra: (i % 3) + 1, grp: 1, kohustuslik: false, inwork: false };
    kpdata[`k${i}`] = {
      desc: `Stone ${i}`,
      loc: { lat: 58 + i / 1000, lng: 26 + i / 1000 },
      responses: { r1: 'A', r2: 'B' },
    };
    kpanswer[`k${i}`] = 'r1';
  }
  const list: Record<string, Record<string, unknown>> = {};
  const data: Record<string, Record<string, unknown>> = {};
  const kpanswers: Record<string, Record<string, Record<string, unknown>>> = {};
  for (let t = 1; t <= teams; t++) {
    list[`t${t}`] = {
      name: `Team ${t}`,
      nr: 100 + t,
      klassid: 'men',
      starttime: 1767261600000,
      dsq: false,
    };
    data[`t${t}`] = { regdata: { teamname: `Team ${t}`, regtime: 1767000000000 + t } };
    kpanswers[`t${t}`] = {};
    for (let a = 1; a <= answersPerTeam; a++)
      kpanswers[`t${t}`]![`k${a}`] = { answer: 'r1', aeg: 1767265000000 + a };
  }
  return {
    version: 2,
    events: {
      name: 'Bench',
      starttime: 1767261600000,
      endtime: 1767283200000,
      admins: { u1: 'owner' },
    },
    eventsdata: { data: { type: 'valik' }, conf: {}, kp, kpdata, kpanswer },
    teams: { list, data, kpanswers },
    evdoc: { speed: { limit: 90 } },
  };
}

/** Runs the benchmark and prints its figures. */
export async function eventFileBench(): Promise<BenchResult> {
  const handle = await openDatabase({ dialect: 'sqlite', file: ':memory:' });
  await migrateToLatest(handle.db);
  const events = eventService({
    store: createStore(handle.db),
    bus: inProcessBus(),
    now: Date.now,
  });
  const superAdmin = {
    uid: 'bench',
    email: '',
    superAdmin: true,
    platformOwner: false,
    creator: true,
  };
  const file = bigEvent(150, 300, 40);
  const text = JSON.stringify(file);

  const baseline = await time(() => JSON.stringify(JSON.parse(text)), 9);
  let n = 0;
  const measured = await time(async () => {
    const id = `bench${n++}`;
    await events.importFile(JSON.parse(text), id);
    await events.exportFile(superAdmin, id);
  }, 9);
  await handle.close();

  const ratio = measured / baseline;
  console.log(
    `eventFile: import+export ${measured.toFixed(1)} ms (median of 9), baseline JSON round trip ${baseline.toFixed(1)} ms`,
  );
  console.log(
    `eventFile: ratio ${ratio.toFixed(1)}× (target < 50×) ${ratio < 50 ? 'OK' : 'OVER TARGET'}`,
  );
  return { name: 'eventFile', ok: ratio < 50 };
}
