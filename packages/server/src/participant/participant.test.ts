import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clockDisagrees,
  DEFAULT_MARKING_DISTANCE_M,
  DEVICE_CLOCK_TOLERANCE_MS,
  eventTopic,
} from '@rada/core';
import type {
  JoinCodeView,
  MarkResult,
  PlayTeam,
  PlayView,
  ResultsView,
  ServerMessage,
  MyTeam,
  TeamListEntry,
} from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  buildEvent,
  importEvent,
  makeCreator,
  signUp,
  teamListOf,
  uniqueShortlink,
} from '../test/factories.ts';

/** Tartu, and points about 30 m and 200 m north of it. */
const HERE = { lat: 58.38, lng: 26.72 };
const NEAR = { lat: 58.38027, lng: 26.72 };
const FAR = { lat: 58.3818, lng: 26.72 };

/**
 * An event under way: k1 a question, k2 a location KP (event's 50 m), k3 a question opening only
 * when close (its own 20 m), k4 in work, k5 cancelled. Alpha and Bravo are allowed, Charlie not.
 */
function playEventFile(ownerUid: string, settings: Record<string, unknown> = {}) {
  const now = Date.now();
  const q = { r2: 'No', r1: 'Yes' };
  return {
    version: 2,
    events: {
      name: 'Play test',
      starttime: now - 3_600_000,
      endtime: now + 5 * 3_600_000,
      hidden: false,
      admins: { [ownerUid]: 'owner' },
    },
    eventsdata: {
      data: {
        maxmarkingdistance: 50,
        appmessage: 'Good luck',
        ajad: { normaalaeg: 180 },
        rakoef: [null, 10, 20, 30],
        ...settings,
      },
      conf: { enablewslocations: true },
      kp: {
        k1: { nr: 1, ra: 1, kohustuslik: true },
        k2: { nr: 2, ra: 1, isauto: true },
        k3: { nr: 3, ra: 1, maxanswerdistance: 20, noopenwhennotclose: true },
        k4: { nr: 4, ra: 1, inwork: true },
        k5: { nr: 5, ra: 1, tyhistatud: true },
      },
      kpdata: {
        k1: { desc: 'Stone', longdesc: 'A big stone', loc: FAR, responses: q },
        k2: { desc: 'Bridge', loc: HERE },
        k3: { desc: 'Tree', loc: HERE, responses: q },
        k4: { desc: 'Draft', loc: HERE, responses: q },
        k5: { desc: 'Gone', loc: HERE, responses: q },
      },
      kpanswer: { k1: 'r1', k3: 'r2', k4: 'r1', k5: 'r1' },
    },
    teams: {
      list: {
        alpha: { name: 'Alpha', nr: 1, allowed: true },
        bravo: { name: 'Bravo', nr: 2, allowed: true },
        charlie: { name: 'Charlie', nr: 3, allowed: false },
      },
    },
    evdoc: {},
  };
}

describe.each(testDialects())('participant app API on $name', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let other: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    [owner, member, other, stranger] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
  });
  afterAll(() => t.close());

  let seq = 0;
  const cid = () => `cid-${++seq}-${Math.random().toString(36).slice(2, 10)}`;

  /** `member` is in Alpha and Bravo, `other` in Charlie (not allowed). */
  const newEvent = async (settings: Record<string, unknown> = {}) => {
    const id = uniqueShortlink('play');
    await importEvent(t, playEventFile(owner.uid, settings), id);
    await t.handle.db
      .insertInto('team_members')
      .values([
        { event_id: id, team_id: 'alpha', user_id: member.uid, joined_at: 1, via: 'reg' },
        { event_id: id, team_id: 'bravo', user_id: member.uid, joined_at: 2, via: 'code' },
        { event_id: id, team_id: 'charlie', user_id: other.uid, joined_at: 3, via: 'reg' },
      ])
      .execute();
    return id;
  };
  const play = (id: string, as: TestUser | null = member, query = '') =>
    call<PlayView>(t.app, 'GET', `/api/events/${id}/play${query}`, { as });
  const mark = (id: string, body: Record<string, unknown>, as: TestUser | null = member) =>
    call<MarkResult>(t.app, 'POST', `/api/events/${id}/play/marks`, {
      as,
      body: { cid: cid(), t: t.clock.t, ...body },
    });
  const startFinish = (
    id: string,
    what: 'start' | 'finish',
    body: Record<string, unknown> = {},
    as: TestUser | null = member,
  ) =>
    call<PlayTeam>(t.app, 'POST', `/api/events/${id}/play/${what}`, {
      as,
      body: { cid: cid(), t: t.clock.t, ...body },
    });
  const teamList = (id: string, teamId: string) => teamListOf(t, id, teamId);
  const answerRow = (id: string, teamId: string, kpId: string) =>
    t.handle.db
      .selectFrom('team_answers')
      .selectAll()
      .where('event_id', '=', id)
      .where('team_id', '=', teamId)
      .where('kp_id', '=', kpId)
      .executeTakeFirst();

  it('shows a member the event, the KPs a team sees without answers, and the team’s marks', async () => {
    const id = await newEvent();
    const res = await play(id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = res.body;
    expect(view).toMatchObject({
      eventId: id,
      name: 'Play test',
      team: { id: 'alpha', name: 'Alpha', nr: '1', allowed: true, starttime: null },
      marks: [],
    });
    expect(view.settings).toEqual({
      appmessage: 'Good luck',
      prepagemessage: '',
      finishedmessage: '',
      valiktahed: false,
      clientstart: false,
      startloc: null,
      maxstartdistance: null,
      maxmarkingdistance: 50,
      massstarttimems: null,
      featuretimetogo: false,
      normaalaeg: 180,
      enablewslocations: true,
    });
    // In work hidden; cancelled shown flagged; by number; responses in id order.
    expect(view.kps.map((k) => [k.id, k.cancelled])).toEqual([
      ['k1', false],
      ['k2', false],
      ['k3', false],
      ['k5', true],
    ]);
    expect(view.kps[0]).toEqual({
      id: 'k1',
      nr: '1',
      desc: 'Stone',
      longdesc: 'A big stone',
      loc: FAR,
      responses: { r1: 'Yes', r2: 'No' },
      auto: false,
      maxDistance: 50,
      openOnlyWhenClose: false,
      mandatory: true,
      cancelled: false,
      value: 10,
    });
    expect(Object.keys(view.kps[0]!.responses)).toEqual(['r1', 'r2']);
    expect(view.kps[1]).toMatchObject({ id: 'k2', auto: true, responses: {}, maxDistance: 50 });
    expect(view.kps[2]).toMatchObject({ id: 'k3', maxDistance: 20, openOnlyWhenClose: true });
    expect(JSON.stringify(view)).not.toContain('answer"');

    // The event-wide nokpopenwhennotclose opens every KP only when close; teamId picks Bravo.
    const strict = await newEvent({ nokpopenwhennotclose: true });
    const bravo = await play(strict, member, '?teamId=bravo');
    expect(bravo.body.team.id).toBe('bravo');
    expect(bravo.body.kps.every((k) => k.openOnlyWhenClose)).toBe(true);
    // Both of the member's teams are listed, so the app can ask which one this phone is for.
    const teams = [
      { id: 'alpha', name: 'Alpha', nr: '1' },
      { id: 'bravo', name: 'Bravo', nr: '2' },
    ];
    expect(bravo.body.myTeams).toEqual(teams);
    expect((await play(strict)).body.myTeams).toEqual(teams);

    expect((await mark(id, { kpId: 'k1', answer: 'r2', loc: FAR })).status).toBe(200);
    expect((await play(id)).body.marks).toEqual([
      expect.objectContaining({ kpId: 'k1', answer: 'r2', ok: null, aeg: t.clock.t }),
    ]);
  });

  it("lists a user's own teams in every event, and nobody else's", async () => {
    const first = await newEvent();
    const second = await newEvent();
    const mine = await call<MyTeam[]>(t.app, 'GET', '/api/me/teams', { as: member });
    expect(mine.status).toBe(200);
    const ofEvents = mine.body.filter((m) => m.eventId === first || m.eventId === second);
    expect(ofEvents.map((m) => [m.eventId, m.teamId]).sort()).toEqual(
      [
        [first, 'alpha'],
        [first, 'bravo'],
        [second, 'alpha'],
        [second, 'bravo'],
      ].sort(),
    );
    expect(ofEvents.every((m) => m.eventName !== '' && typeof m.allowed === 'boolean')).toBe(true);
    const others = await call<MyTeam[]>(t.app, 'GET', '/api/me/teams', { as: other });
    expect(others.body.some((m) => m.teamId === 'alpha')).toBe(false);
    expect(others.body.filter((m) => m.eventId === first).map((m) => m.teamId)).toEqual([
      'charlie',
    ]);
    expect((await call(t.app, 'GET', '/api/me/teams', { as: stranger })).body).toEqual([]);
    expect((await call(t.app, 'GET', '/api/me/teams')).status).toBe(401);
  });

  it('lets only members read and write; admins of the event are not members', async () => {
    const id = await newEvent();
    expect((await play(id, null)).status).toBe(401);
    for (const as of [stranger, owner]) {
      const res = await play(id, as);
      expect([res.status, errorOf(res)]).toEqual([403, 'device.error.noteam']);
    }
    const notMine = await play(id, member, '?teamId=charlie');
    expect([notMine.status, errorOf(notMine)]).toEqual([403, 'device.error.noteam']);
    expect((await play(`nope-${id}`)).status).toBe(404);
    for (const what of ['start', 'finish'] as const) {
      expect((await startFinish(id, what, {}, null)).status).toBe(401);
      expect(errorOf(await startFinish(id, what, {}, stranger))).toBe('device.error.noteam');
    }
    expect((await mark(id, { kpId: 'k1', answer: 'r1' }, null)).status).toBe(401);
    const strangerMark = await mark(id, { kpId: 'k1', answer: 'r1' }, stranger);
    expect([strangerMark.status, errorOf(strangerMark)]).toEqual([403, 'device.error.noteam']);
    // A team the organiser has not allowed yet cannot mark, start or finish.
    const refused = await mark(id, { kpId: 'k1', answer: 'r1' }, other);
    expect([refused.status, errorOf(refused)]).toEqual([403, 'play.error.notallowed']);
    expect(errorOf(await startFinish(id, 'finish', {}, other))).toBe('play.error.notallowed');
    expect(await answerRow(id, 'charlie', 'k1')).toBeUndefined();
    // Bodies are checked at the edge.
    expect((await mark(id, { kpId: 'k1', answer: 'r1', extra: 1 })).status).toBe(400);
    expect((await mark(id, { kpId: 'k1', answer: 'r1', cid: 'short' })).status).toBe(400);
  });

  it('a user who joined with a code plays in the code’s team', async () => {
    const id = await newEvent();
    const made = await call<JoinCodeView>(t.app, 'POST', `/api/events/${id}/joincodes`, {
      as: owner,
      body: { valid: t.clock.t + 86_400_000, singleteam: true, teamId: 'bravo' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const joined = await call(t.app, 'POST', '/api/join', {
      as: stranger,
      body: { code: made.body.code },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const res = await play(id, stranger);
    expect([res.status, res.body.team.id]).toEqual([200, 'bravo']);
  });

  it('marks by answer: one of the responses, final once sent, a retry answers the same', async () => {
    const id = await newEvent();
    const heard: ServerMessage[] = [];
    const off = t.bus.subscribe(eventTopic(id), (m) => heard.push(m));
    const bad = await mark(id, { kpId: 'k1', answer: 'r9' });
    expect([bad.status, errorOf(bad)]).toEqual([400, 'kpdata.badresponse']);
    expect(errorOf(await mark(id, { kpId: 'k1' }))).toBe('kpdata.badresponse');
    expect(heard).toEqual([]);

    const first = cid();
    const deviceT = t.clock.t - 60_000;
    const res = await mark(id, { cid: first, kpId: 'k1', answer: 'r1', t: deviceT });
    off();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      mark: { kpId: 'k1', answer: 'r1', ok: null, aeg: deviceT, cid: first },
      created: true,
    });
    // The team is named: the results recalculation recomputes it alone.
    expect(heard).toEqual([
      { v: 1, type: 'event.changed', eventId: id, what: ['teams'], teams: ['alpha'] },
    ]);
    const row = await answerRow(id, 'alpha', 'k1');
    expect(row).toMatchObject({ answer: 'r1', ok: null, aeg: deviceT });
    expect(JSON.parse(row!.extra)).toEqual({ cid: first, loc: null, src: 'app', t: deviceT });

    const again = await mark(id, { cid: first, kpId: 'k1', answer: 'r1', t: deviceT });
    expect(again.body).toEqual({ mark: res.body.mark, created: false });
    const second = await mark(id, { kpId: 'k1', answer: 'r2' });
    expect([second.status, errorOf(second)]).toEqual([409, 'play.error.alreadymarked']);
    expect((await answerRow(id, 'alpha', 'k1'))?.answer).toBe('r1');

    const audits = await t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'path', 'user_id'])
      .where('event_id', '=', id)
      .where('action', '=', 'play.mark')
      .execute();
    expect(audits).toEqual([
      { action: 'play.mark', path: `teams/${id}/kpanswers/alpha/k1`, user_id: member.uid },
    ]);

    // The organiser can still change the answer; the team's retry then answers the change.
    const edit = await call(t.app, 'PUT', `/api/events/${id}/teams/alpha/answers/k1`, {
      as: owner,
      body: { answer: 'r2' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const retried = await mark(id, { cid: first, kpId: 'k1', answer: 'r1', t: deviceT });
    expect(retried.body.mark).toMatchObject({ answer: 'r2', cid: first });
    expect(retried.body.created).toBe(false);
  });

  it('marks by location only within the distance, and refuses KPs a team may not mark', async () => {
    const id = await newEvent();
    const noLoc = await mark(id, { kpId: 'k2' });
    expect([noLoc.status, errorOf(noLoc)]).toEqual([422, 'play.error.nolocation']);
    const far = await mark(id, { kpId: 'k2', loc: FAR });
    expect([far.status, errorOf(far)]).toEqual([422, 'play.error.toofar']);
    expect(errorOf(await mark(id, { kpId: 'k2', loc: NEAR, answer: 'r1' }))).toBe(
      'kpdata.badresponse',
    );
    const near = await mark(id, { kpId: 'k2', loc: NEAR });
    expect(near.status).toBe(200);
    expect(near.body.mark).toMatchObject({ kpId: 'k2', answer: null, ok: true });
    expect(JSON.parse((await answerRow(id, 'alpha', 'k2'))!.extra)).toMatchObject({ loc: NEAR });

    // k3 opens only within its own 20 m: 30 m away is too far even with a right response.
    expect(errorOf(await mark(id, { kpId: 'k3', answer: 'r2', loc: NEAR }))).toBe(
      'play.error.toofar',
    );
    expect((await mark(id, { kpId: 'k3', answer: 'r2', loc: HERE })).status).toBe(200);
    // k1 is a question without the closeness rule: anywhere will do.
    expect((await mark(id, { kpId: 'k1', answer: 'r1' })).status).toBe(200);

    expect((await mark(id, { kpId: 'k4', answer: 'r1', loc: HERE })).status).toBe(404);
    expect((await mark(id, { kpId: 'nosuch', answer: 'r1' })).status).toBe(404);
    const cancelled = await mark(id, { kpId: 'k5', answer: 'r1', loc: HERE });
    expect([cancelled.status, errorOf(cancelled)]).toEqual([409, 'play.error.cancelled']);

    // A device clock running ahead is clamped to the server's now.
    const ahead = await mark(id, { kpId: 'k1', answer: 'r1', teamId: 'bravo', t: t.clock.t + 1e9 });
    expect(ahead.body.mark.aeg).toBe(t.clock.t);
  });

  it('marks a fresh event’s location KPs only within its default distance; 0 turns it off', async () => {
    // Made through the API as an organiser would: no marking distance set by anyone.
    await makeCreator(t, owner);
    const event = await buildEvent(t.app, owner, { starttime: t.clock.t - 3_600_000 });
    const id = event.id;
    const kp = async (nr: number, data: Record<string, unknown>) => {
      const res = await call<{ id: string }>(t.app, 'POST', `/api/events/${id}/checkpoints`, {
        as: owner,
        body: { kp: { nr }, data },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    const bridge = await kp(1, { desc: 'Bridge', loc: HERE });
    const stone = await kp(2, { desc: 'Stone', loc: HERE, responses: { r1: 'Yes' } });
    const team = await call<TeamListEntry>(t.app, 'POST', `/api/events/${id}/teams`, {
      as: owner,
      body: { name: 'Fresh' },
    });
    expect(team.status, JSON.stringify(team.body)).toBe(201);
    await t.handle.db
      .insertInto('team_members')
      .values({ event_id: id, team_id: team.body.id, user_id: other.uid, joined_at: 1, via: 'reg' })
      .execute();

    const view = await play(id, other);
    expect(view.body.settings.maxmarkingdistance).toBe(DEFAULT_MARKING_DISTANCE_M.valik);
    expect(view.body.kps.find((k) => k.id === bridge)?.maxDistance).toBe(
      DEFAULT_MARKING_DISTANCE_M.valik,
    );
    // 860 m north of the bridge: refused with a key the app translates; 30 m: taken.
    const far = { lat: HERE.lat + 860 / 111_195, lng: HERE.lng };
    const refused = await mark(id, { kpId: bridge, loc: far }, other);
    expect([refused.status, errorOf(refused)]).toEqual([422, 'play.error.toofar']);
    expect(await answerRow(id, team.body.id, bridge)).toBeUndefined();
    // The question KP is answer-only: the distance does not apply to it.
    expect((await mark(id, { kpId: stone, answer: 'r1', loc: far }, other)).status).toBe(200);
    expect((await mark(id, { kpId: bridge, loc: NEAR }, other)).status).toBe(200);

    // The organiser may turn the distance off (0): then a location KP is marked from anywhere.
    const off = await call(t.app, 'PATCH', `/api/events/${id}/settings`, {
      as: owner,
      body: { settings: { maxmarkingdistance: 0 } },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const gate = await kp(3, { desc: 'Gate', loc: HERE });
    expect((await play(id, other)).body.settings.maxmarkingdistance).toBeNull();
    expect((await mark(id, { kpId: gate, loc: far }, other)).status).toBe(200);
  });

  it('refuses marks of an archived event', async () => {
    const id = await newEvent();
    await t.handle.db.updateTable('events').set({ arch: 'a1' }).where('id', '=', id).execute();
    const res = await mark(id, { kpId: 'k1', answer: 'r1' });
    expect([res.status, errorOf(res)]).toEqual([409, 'play.error.archived']);
    expect((await play(id)).status).toBe(200);
  });

  it('recalculates the results after a mark', async () => {
    const id = await newEvent();
    const results = () => call<ResultsView>(t.app, 'GET', `/api/events/${id}/results`);
    const okOf = async () =>
      (await results()).body.results.find((r) => r.teamId === 'alpha')?.okcount ?? -1;
    expect(await okOf()).toBe(0);
    expect((await mark(id, { kpId: 'k1', answer: 'r1' })).status).toBe(200);
    const until = Date.now() + 3000;
    let ok = await okOf();
    while (ok !== 1 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
      ok = await okOf();
    }
    expect(ok).toBe(1);
  });

  it('starts a team itself with clientstart, near the start, once', async () => {
    const id = await newEvent({ clientstart: true, startloc: HERE, maxstartdistance: 100 });
    expect(errorOf(await startFinish(id, 'start'))).toBe('play.error.nolocation');
    const far = await startFinish(id, 'start', { loc: FAR });
    expect([far.status, errorOf(far)]).toEqual([422, 'play.error.toofarfromstart']);
    const early = await startFinish(id, 'finish');
    expect([early.status, errorOf(early)]).toEqual([409, 'play.error.notstarted']);

    const startT = t.clock.t - 120_000;
    const heard: ServerMessage[] = [];
    const off = t.bus.subscribe(eventTopic(id), (m) => heard.push(m));
    const started = await startFinish(id, 'start', { loc: NEAR, t: startT });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toEqual({
      id: 'alpha',
      name: 'Alpha',
      nr: '1',
      allowed: true,
      starttime: startT,
      finishtime: null,
    });
    const again = await startFinish(id, 'start', { loc: NEAR, t: startT + 5000 });
    expect(again.body.starttime).toBe(startT);
    off();
    expect(heard).toHaveLength(1);
    expect((await teamList(id, 'alpha')).starttime).toBe(startT);

    const finished = await startFinish(id, 'finish', { t: startT + 60_000 });
    expect(finished.body).toMatchObject({ starttime: startT, finishtime: startT + 60_000 });
    const finishAgain = await startFinish(id, 'finish', { t: startT + 90_000 });
    expect(finishAgain.body.finishtime).toBe(startT + 60_000);
    const list = await teamList(id, 'alpha');
    expect([list.name, list.allowed, list.finishtime]).toEqual(['Alpha', true, startT + 60_000]);
    const audits = await t.handle.db
      .selectFrom('audit_log')
      .select('action')
      .where('event_id', '=', id)
      .where('action', 'like', 'play.%')
      .orderBy('action')
      .execute();
    expect(audits.map((a) => a.action)).toEqual(['play.finish', 'play.start']);

    // Without a start place any position will do.
    const open = await newEvent({ clientstart: true });
    expect((await startFinish(open, 'start')).body.starttime).toBe(t.clock.t);
  });

  it('leaves the start to the mass start without clientstart', async () => {
    const id = await newEvent({ massstarttimems: t.clock.t - 60_000 });
    const res = await startFinish(id, 'start', { loc: HERE });
    expect([res.status, errorOf(res)]).toEqual([409, 'play.error.massstart']);
    expect((await teamList(id, 'alpha')).starttime).toBeUndefined();
    // The mass start has passed: the team may finish.
    expect((await startFinish(id, 'finish')).body.finishtime).toBe(t.clock.t);
    const later = await newEvent({ massstarttimems: t.clock.t + 3_600_000 });
    expect(errorOf(await startFinish(later, 'finish'))).toBe('play.error.notstarted');
  });

  describe('device times', () => {
    const teams = (id: string) =>
      call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, { as: owner });
    const clockOf = async (id: string, teamId: string) =>
      (await teams(id)).body.find((e) => e.id === teamId)?.clock;

    it('refuses a finish before the team’s last mark and marks after its finish', async () => {
      const id = await newEvent({ clientstart: true });
      // The forgery: a start set far back (the event began an hour ago), a finish a minute after
      // it, marks after that.
      const startT = t.clock.t - 50 * 60_000;
      expect((await startFinish(id, 'start', { t: startT })).body.starttime).toBe(startT);
      expect((await mark(id, { kpId: 'k1', answer: 'r1', t: t.clock.t - 30_000 })).status).toBe(
        200,
      );
      const early = await startFinish(id, 'finish', { t: startT + 60_000 });
      expect([early.status, errorOf(early)]).toEqual([409, 'play.error.finishbeforemark']);
      expect((await teamList(id, 'alpha')).finishtime).toBeUndefined();

      const finishT = t.clock.t - 10_000;
      expect((await startFinish(id, 'finish', { t: finishT })).body.finishtime).toBe(finishT);
      const after = await mark(id, { kpId: 'k2', loc: NEAR, t: t.clock.t });
      expect([after.status, errorOf(after)]).toEqual([409, 'play.error.finished']);
      expect(await answerRow(id, 'alpha', 'k2')).toBeUndefined();
      // A mark made before the finish that reaches the server later (offline) still counts.
      const queued = await mark(id, { kpId: 'k2', loc: NEAR, t: finishT - 5000 });
      expect([queued.status, queued.body.mark?.aeg]).toEqual([200, finishT - 5000]);
    });

    it('refuses a start before the event’s start, clamps times to now and to the start', async () => {
      const id = await newEvent({ clientstart: true });
      const eventStart = (await play(id)).body.starttime!;
      const before = await startFinish(id, 'start', { t: eventStart - 2 * 3_600_000 });
      expect([before.status, errorOf(before)]).toEqual([409, 'play.error.startbeforeevent']);
      // Within a minute of the event's start it counts as the event's start.
      const nearly = await startFinish(id, 'start', { t: eventStart - DEVICE_CLOCK_TOLERANCE_MS });
      expect(nearly.body.starttime).toBe(eventStart);
      // A mark before the team's start is stored at the start; one in the future at now.
      const early = await mark(id, { kpId: 'k1', answer: 'r1', t: eventStart - 600_000 });
      expect(early.body.mark.aeg).toBe(eventStart);
      const ahead = await mark(id, { kpId: 'k3', answer: 'r2', loc: HERE, t: t.clock.t + 120_000 });
      expect(ahead.body.mark.aeg).toBe(t.clock.t);
      // Bravo's start from a clock running ahead is the server's now.
      const future = await startFinish(id, 'start', { teamId: 'bravo', t: t.clock.t + 3_600_000 });
      expect(future.body.starttime).toBe(t.clock.t);
    });

    it('shows the organiser a team whose device clock is off, from marks, starts and points', async () => {
      const id = await newEvent({ clientstart: true });
      expect(await clockOf(id, 'alpha')).toBeUndefined();
      // A mark queued for five minutes looks like a clock five minutes behind...
      await mark(id, { kpId: 'k1', answer: 'r1', t: t.clock.t - 300_000 });
      expect(await clockOf(id, 'alpha')).toEqual({ offset: -300_000, at: t.clock.t });
      // ...until a fresher time shows the clock is right; a late one then changes nothing.
      t.clock.t += 1000;
      await startFinish(id, 'start', { t: t.clock.t - 2000 });
      expect(await clockOf(id, 'alpha')).toEqual({ offset: -2000, at: t.clock.t });
      await mark(id, { kpId: 'k2', loc: NEAR, t: t.clock.t - 200_000 });
      expect((await clockOf(id, 'alpha'))?.offset).toBe(-2000);

      // Bravo's device runs 90 s ahead: its location points say so.
      const dev = `dev-clock-${Math.random().toString(36).slice(2, 10)}`;
      const reg = await call(t.app, 'PUT', `/api/devices/${dev}`, {
        as: member,
        body: { eventId: id, teamId: 'bravo' },
      });
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      const points = [0, 1000].map((d) => ({ t: t.clock.t + 89_000 + d, y: 58.38, x: 26.72 }));
      const sent = await call(t.app, 'POST', `/api/devices/${dev}/locations`, {
        as: member,
        body: { points },
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const bravo = await clockOf(id, 'bravo');
      expect(bravo).toEqual({ offset: 90_000, at: t.clock.t });
      expect(clockDisagrees(bravo!.offset)).toBe(true);
      expect(clockDisagrees((await clockOf(id, 'alpha'))!.offset)).toBe(false);
      expect(await clockOf(id, 'charlie')).toBeUndefined();
    });
  });
});
