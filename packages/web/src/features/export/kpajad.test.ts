import { describe, expect, it } from 'vitest';
import { kpajadFromEventFile } from './kpajad.ts';

describe('kpajadFromEventFile', () => {
  it('maps teams.kpanswers to team → KP → aeg', () => {
    const file = {
      events: {},
      eventsdata: {},
      evdoc: {},
      teams: {
        kpanswers: {
          t1: { kp1: { answer: 'r1', aeg: 1767265000000 }, kp2: { ok: true, aeg: 1767265100000 } },
          t2: { kp1: { answer: 'r2' } },
          t3: {},
        },
      },
    };
    expect(kpajadFromEventFile(file)).toEqual({
      t1: { kp1: 1767265000000, kp2: 1767265100000 },
      t2: { kp1: null },
      t3: {},
    });
  });

  it('gives an empty object for a file without answers or junk', () => {
    expect(kpajadFromEventFile({ teams: {} })).toEqual({});
    expect(kpajadFromEventFile(null)).toEqual({});
    expect(kpajadFromEventFile({ teams: { kpanswers: { t1: 5, t2: { kp: 'x' } } } })).toEqual({
      t2: {},
    });
  });
});
