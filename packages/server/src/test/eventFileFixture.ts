/**
 * The event file of spec 04 with every section filled, plus keys the platform does not know at
 * the top level, in events, eventsdata, teams, a KP, a team list entry and an answer: import then
 * export must give it back unchanged. Returns a fresh copy each call.
 */
export function sampleEventFile(
  admins: { owner: string; admin: string } = { owner: 'uid-owner', admin: 'uid-admin' },
) {
  return {
    version: 2,
    futureTopLevel: { keep: ['me', 1, null] },
    events: {
      name: 'Spring rogaine',
      starttime: 1767261600000,
      endtime: 1767283200000,
      arch: null,
      hidden: false,
      admins: { [admins.owner]: 'owner', [admins.admin]: 'admin' },
      map: { default: { type: 'osm', conf: {} }, userlayers: [] },
      kpgroups: { '1': { name: 'Forest', color: '#00aa00' } },
      rakoef: [null, 10, 20, 30],
      klassid: { men: { name: 'Men' } },
      orderrules: ['dsq', 'points'],
      data: { maxmarkingdistance: 50, kpsinweb: false },
      unknownEventKey: 'kept',
    },
    eventsdata: {
      data: {
        type: 'valik',
        rakoef: [null, 10, 20, 30],
        ajad: { '1': { from: 0, to: 3600000 } },
        kpsinweb: false,
        maxmarkingdistance: 50,
        appmessage: 'Good luck',
      },
      conf: { enablewslocations: true, featuretimetogo: false },
      kp: {
        kp1: { nr: 1, ra: 2, grp: 1, kohustuslik: false, inwork: false, futureKpKey: 'x' },
        kp2: { nr: 31, ra: 3, grp: 1, kohustuslik: true, inwork: false },
      },
      kpdata: {
        kp1: {
          desc: 'Stone',
          loc: { lat: 58.38, lng: 26.72 },
          responses: { r1: 'A', r2: 'B' },
        },
        kp2: { desc: 'Bridge', loc: { lat: 58.39, lng: 26.7 } },
      },
      kpanswer: { kp1: 'r1' },
      printitems: {
        p1: { loc: { lat: 58.3, lng: 26.7 }, type: 'kp', name: '1', limit: 0 },
      },
      deletedkps: {
        d1: { id: 'kp9', kp: { nr: 9 }, data: { desc: 'Old' }, answer: 'r1' },
      },
      issues: { i1: { text: 'KP 31 missing' } },
      docver: 1,
      unknownEventsdataKey: [1, 2, 3],
    },
    teams: {
      list: {
        t1: {
          name: 'Team A',
          nr: 101,
          klassid: 'men',
          starttime: 1767261600000,
          finishtime: 1767271000000,
          dsq: false,
          katk: false,
          disabled: false,
          allowed: true,
          lypoints: { photo: 5 },
          devs: { dev1: true },
          futureTeamKey: { a: 1 },
        },
        t2: { name: 'Team B', nr: 102, klassid: 'men', allowed: true },
      },
      data: {
        t1: { regdata: { teamname: 'Team A', regtime: 1767000000000 }, note: 'paid' },
        t2: { regdata: { teamname: 'Team B', regtime: 1767000500000, phone: '+372 5555' } },
      },
      kpanswers: {
        t1: {
          kp1: { answer: 'r1', aeg: 1767265000000, futureAnswerKey: 'photo.jpg' },
          kp2: { answer: 'r2', ok: true, aeg: 1767266000000 },
        },
        t2: { kp1: { answer: 'r2', aeg: 1767267000000 } },
      },
      spdtickets: {
        t1: { tk1: { t: 1767266000000, speed: 104, area: 'a1' } },
      },
      trackstat: { t1: { dst: 18250 } },
      unknownTeamsKey: { x: true },
    },
    evdoc: {
      speed: { limit: 90, over1: 2, delay1: 10, over2: 10, delay2: 5 },
      speedareas: {
        a1: {
          name: 'Village',
          area: [{ latitude: 58.3, longitude: 26.7 }],
          restricted: false,
          limit: 50,
          timed: false,
        },
      },
    },
  };
}
