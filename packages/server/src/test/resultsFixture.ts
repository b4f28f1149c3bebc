/**
 * A small scored event: three KPs (correct answer r1 each), three teams. Alpha has two right,
 * Bravo one, Charlie none; `endtime` is in the past unless given. Returns a fresh copy each call.
 */
export function resultsEventFile(ownerUid: string, endtime = Date.now() - 3_600_000) {
  const kp = (nr: number) => ({ nr, ra: 1 });
  const data = (desc: string) => ({ desc, responses: { r1: 'Yes', r2: 'No' } });
  return {
    version: 2,
    events: {
      name: 'Results test',
      starttime: endtime - 6 * 3_600_000,
      endtime,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: {
      data: { rakoef: [null, 10, 20, 30] },
      kp: { k1: kp(1), k2: kp(2), k3: kp(3) },
      kpdata: { k1: data('Stone'), k2: data('Bridge'), k3: data('Tree') },
      kpanswer: { k1: 'r1', k2: 'r1', k3: 'r1' },
    },
    teams: {
      list: {
        alpha: { name: 'Alpha', nr: 1 },
        bravo: { name: 'Bravo', nr: 2 },
        charlie: { name: 'Charlie', nr: 3 },
      },
      kpanswers: {
        alpha: { k1: { answer: 'r1', aeg: 1000 }, k2: { answer: 'r1', aeg: 2000 } },
        bravo: { k1: { answer: 'r1', aeg: 1500 }, k2: { answer: 'r2', aeg: 2500 } },
      },
    },
    evdoc: {},
  };
}
