import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTrack } from '@rada/core';
import type { TeamAnswerView, TeamListEntry } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { buildEvent, signUpCreator } from '../test/factories.ts';
import { connectListen } from '../live/listenTestClient.ts';
import { plannedWalk, simulate, simulateCommand } from './simulate.ts';

const START = { lat: 58.3776, lng: 26.729 };
const KP_LOCS = [
  { lat: 58.3786, lng: 26.73 },
  { lat: 58.3795, lng: 26.7275 },
];

describe('plannedWalk', () => {
  it('passes within a few metres of every KP, at about 3 m/s, one point per 1/rate s', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const kps = KP_LOCS.map((k) => ({ y: k.lat, x: k.lng }));
    const walk = plannedWalk({ y: START.lat, x: START.lng }, kps, { durationS: 300, rate: 2, rnd });
    expect(walk).toHaveLength(601);
    expect(walk[1]!.at - walk[0]!.at).toBe(500);
    for (const kp of kps) {
      const nearest = Math.min(
        ...walk.map((p) => Math.hypot((p.y - kp.y) * 111_320, (p.x - kp.x) * 111_320 * 0.52)),
      );
      expect(nearest).toBeLessThan(5);
    }
  });
});

// The simulator talks HTTP to a listening server; one dialect suffices for what it exercises
// (the endpoints it calls have their own tests on every dialect).
describe.each(testDialects().slice(0, 1))(
  'simulate against a running server on $name',
  (dialect) => {
    let t: TestApp;
    let owner: TestUser;
    let url: string;
    let ownerToken: string;

    beforeAll(async () => {
      t = await buildTestApp(dialect);
      // The server's clock follows the wall clock: simulated points are stamped with real time.
      Object.defineProperty(t.clock, 't', { get: () => Date.now(), set: () => undefined });
      owner = await signUpCreator(t);
      ownerToken = (
        await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
          as: owner,
          body: { name: 'sim test' },
        })
      ).body.token;
      url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t.close());

    it('signs teams up, joins, starts, sends points, marks passed KPs and finishes', async () => {
      const event = await buildEvent(t.app, owner, {
        starttime: Date.now() - 3_600_000,
        endtime: Date.now() + 3_600_000,
      });
      const settings = await call(t.app, 'PATCH', `/api/events/${event.id}/settings`, {
        as: owner,
        body: { settings: { clientstart: true, maxmarkingdistance: 30 } },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      for (const [i, loc] of KP_LOCS.entries()) {
        const res = await call(t.app, 'POST', `/api/events/${event.id}/checkpoints`, {
          as: owner,
          body: {
            kp: { nr: String(i + 1) },
            data: {
              loc,
              desc: `KP ${i + 1}`,
              ...(i === 1 ? { responses: { a: 'A', b: 'B' } } : {}),
            },
            ...(i === 1 ? { answer: 'b' } : {}),
          },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const viewer = await connectListen(
        `${url.replace(/^http/, 'ws')}/listen`,
        event.id,
        ownerToken,
      );
      expect((await viewer.next()).kind).toBe('history');

      const lines: string[] = [];
      const report = await simulate({
        url,
        eventId: event.id,
        teams: 2,
        speedup: 100,
        durationS: 300,
        rate: 1,
        seed: 42,
        admin: { token: ownerToken },
        log: (line) => lines.push(line),
      });
      expect(report.teams.map((team) => team.errors)).toEqual([[], []]);
      for (const team of report.teams) {
        expect(team.sent).toBe(301);
        expect(team.accepted).toBe(301);
        expect(team.started).toBe(true);
        expect(team.finished).toBe(true);
        expect([...team.marks].sort()).toHaveLength(2);
      }
      expect(lines.some((l) => l.startsWith('join code '))).toBe(true);

      // What landed: each team's track, its marks (the first response to the question KP) and
      // its start and finish, as the organiser reads them.
      const teams = await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${event.id}/teams`, {
        as: owner,
      });
      expect(teams.body).toHaveLength(2);
      for (const team of report.teams) {
        const row = teams.body.find((x) => x.id === team.teamId);
        expect(row?.starttime).toBeTypeOf('number');
        expect(row?.finishtime).toBeGreaterThan(row!.starttime!);
        const points = await fetch(`${url}/api/events/${event.id}/points?tid=${team.teamId}`, {
          headers: { authorization: `Bearer ${ownerToken}` },
        });
        expect(points.status).toBe(200);
        expect(decodeTrack(new Uint8Array(await points.arrayBuffer()))).toHaveLength(301);
        const answers = await call<TeamAnswerView[]>(
          t.app,
          'GET',
          `/api/events/${event.id}/teams/${team.teamId}/answers`,
          { as: owner },
        );
        expect(answers.status, JSON.stringify(answers.body)).toBe(200);
        expect(answers.body.map((x) => x.answer ?? null).sort()).toEqual(['a', null]);
      }
      // The live viewer heard the batches.
      expect((await viewer.next()).kind).toBe('batches');
      await viewer.close();
    });

    it('replays a GPX file per team, shifted, and registers through the form without an organiser', async () => {
      const event = await buildEvent(t.app, owner, {
        starttime: Date.now() - 3_600_000,
        endtime: Date.now() + 3_600_000,
      });
      await call(t.app, 'PATCH', `/api/events/${event.id}/settings`, {
        as: owner,
        body: { settings: { clientstart: true } },
      });
      const trkpts = Array.from(
        { length: 30 },
        (_, i) =>
          `<trkpt lat="${58.38 + i * 0.0001}" lon="26.72"><time>${new Date(Date.UTC(2025, 5, 1, 10, 0, i)).toISOString()}</time></trkpt>`,
      ).join('');
      const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${trkpts}</trkseg></trk></gpx>`;
      const report = await simulate({ url, eventId: event.id, teams: 2, gpx: [gpx], speedup: 50 });
      expect(report.teams.map((team) => team.errors)).toEqual([[], []]);
      expect(report.teams.map((team) => [team.accepted, team.finished])).toEqual([
        [30, true],
        [30, true],
      ]);
      const tracks = await Promise.all(
        report.teams.map(async (team) => {
          const res = await fetch(`${url}/api/events/${event.id}/points?tid=${team.teamId}`, {
            headers: { authorization: `Bearer ${ownerToken}` },
          });
          return decodeTrack(new Uint8Array(await res.arrayBuffer()));
        }),
      );
      // The same file, 1 s apart, shifted in space for the second team; times are recent.
      expect(tracks[0]!.map((p) => p.t - tracks[0]![0]!.t)).toEqual(
        Array.from({ length: 30 }, (_, i) => i * 1000),
      );
      expect(tracks[0]![0]!.t).toBeGreaterThan(Date.now() - 120_000);
      expect(tracks[1]![0]!.y).toBeGreaterThan(tracks[0]![0]!.y);
    });

    it('prints a summary on the command line and refuses missing options', async () => {
      const out: string[] = [];
      const err: string[] = [];
      const io = (into: string[]) => ({ write: (s: string) => into.push(s) });
      expect(await simulateCommand(['--teams', '2'], io(out), io(err), 1, () => '')).toBe(2);
      expect(err.join('')).toMatch(/--event/);
      expect(
        await simulateCommand(
          ['--event', 'x', '--teams', '1', '--speedup', '-1'],
          io(out),
          io(err),
          1,
          () => '',
        ),
      ).toBe(2);
      // Under way: the server refuses a start before the event's start.
      const event = await buildEvent(t.app, owner, { starttime: Date.now() - 3_600_000 });
      await call(t.app, 'PATCH', `/api/events/${event.id}/settings`, {
        as: owner,
        body: { settings: { clientstart: true } },
      });
      out.length = 0;
      const code = await simulateCommand(
        [
          '--event',
          event.id,
          '--teams',
          '1',
          '--url',
          url,
          '--speedup',
          '100',
          '--duration',
          '60',
          '--admin-token',
          ownerToken,
        ],
        io(out),
        io(err),
        1,
        () => '',
      );
      expect(code).toBe(0);
      expect(out.at(-1)).toMatch(
        /^1 teams in \d+ s: 61 points stored, 0 KPs marked, 1 finished\n$/,
      );
    });
  },
);
