/** The load-test event the benches import (bench/resultsHttp.ts, bench/pageWeight.ts). */
import type { EventFile } from '@rada/core';

const S0 = 1_767_261_600_000;

/**
 * A valik event of `teams` teams in two classes and `kps` KPs, 20–45 answers per team, most
 * finished (every ninth still out), about one in a hundred disqualified; `admins` go in as is.
 */
export function loadEvent(
  teams: number,
  kps: number,
  admins: Record<string, string> = {},
): EventFile {
  const kp: Record<string, Record<string, unknown>> = {};
  const kpdata: Record<string, Record<string, unknown>> = {};
  const kpanswer: Record<string, string> = {};
  for (let i = 1; i <= kps; i++) {
    kp[`k${i}`] = { nr: i, ra: (i % 4) + 1, grp: 1, kohustuslik: i % 20 === 0, inwork: false };
    kpdata[`k${i}`] = {
      desc: `Stone ${i}`,
      loc: { lat: 58 + i / 1000, lng: 26 + i / 1000 },
      responses: { r1: 'A', r2: 'B', r3: 'C' },
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
      klassid: t % 2 === 0 ? 'men' : 'women',
      starttime: S0,
      ...(t % 9 === 0 ? {} : { finishtime: S0 + 3 * 3_600_000 + ((t * 7919) % 7_200_000) }),
      dsq: t % 97 === 0,
    };
    data[`t${t}`] = { regdata: { teamname: `Team ${t}`, regtime: 1_767_000_000_000 + t } };
    const answers: Record<string, Record<string, unknown>> = {};
    const count = 20 + (t % 26);
    for (let a = 0; a < count; a++) {
      const k = ((t * 13 + a * 7) % kps) + 1;
      answers[`k${k}`] = { answer: (t + a) % 5 === 0 ? 'r2' : 'r1', aeg: S0 + 60_000 * (a + 1) };
    }
    kpanswers[`t${t}`] = answers;
  }
  return {
    version: 2,
    events: {
      name: 'Load test',
      starttime: S0,
      endtime: S0 + 6 * 3_600_000,
      hidden: false,
      admins,
    },
    eventsdata: {
      data: { type: 'valik', klassid: { men: { name: 'Men' }, women: { name: 'Women' } } },
      conf: {},
      kp,
      kpdata,
      kpanswer,
    },
    teams: { list, data, kpanswers },
    evdoc: { speed: { limit: 90 } },
  };
}
