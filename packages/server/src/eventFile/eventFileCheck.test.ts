import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody, EventSummary, TeamListEntry } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import { countRows, importEvent, signUpCreator, uniqueShortlink } from '../test/factories.ts';
import { sampleEventFile } from '../test/eventFileFixture.ts';
import { eventService } from '../events/event.service.ts';

type Sample = ReturnType<typeof sampleEventFile>;

/** The sample file with `kp` and `kpdata` entries replaced or added. */
function withKps(
  file: Sample,
  kp: Record<string, unknown>,
  kpdata: Record<string, unknown> = {},
): Sample {
  return {
    ...file,
    eventsdata: {
      ...file.eventsdata,
      kp: { ...file.eventsdata.kp, ...kp } as Sample['eventsdata']['kp'],
      kpdata: { ...file.eventsdata.kpdata, ...kpdata } as Sample['eventsdata']['kpdata'],
    },
  };
}

describe.each(testDialects())(
  'event file contents checked on every way in, on $name',
  (dialect) => {
    let t: TestApp;
    let creator: TestUser;
    let good: Sample;
    beforeAll(async () => {
      t = await buildTestApp(dialect);
      creator = await signUpCreator(t);
      good = sampleEventFile({ owner: creator.uid, admin: creator.uid });
    });
    afterAll(() => t.close());

    const create = (body: Record<string, unknown>) =>
      call<EventSummary | ErrorBody>(t.app, 'POST', '/api/events', {
        as: creator,
        body: {
          name: 'From a file',
          shortlink: uniqueShortlink('tpl'),
          starttime: 1_900_000_000_000,
          endtime: null,
          ...body,
        },
      });
    const detailsOf = (body: unknown) => (body as ErrorBody).details;

    // The four examples of issue 10, each of which the template import used to store.
    const examples: [string, () => Sample, boolean, { path: string; message: RegExp }[]][] = [
      [
        'kp.nr as an object',
        () => withKps(good, { k12: { nr: { evil: true } } }),
        true,
        [{ path: 'eventsdata.kp.k12.nr', message: /./ }],
      ],
      [
        'latitude 999',
        () => withKps(good, {}, { kp1: { desc: 'Stone', loc: { lat: 999, lng: 26.72 } } }),
        true,
        [{ path: 'eventsdata.kpdata.kp1.loc.lat', message: /90/ }],
      ],
      [
        'duplicate KP numbers',
        () => withKps(good, { kp7: { nr: ' 31' } }),
        true,
        [{ path: 'eventsdata.kp.kp7.nr', message: /^KP number 31 is already used by kp2$/ }],
      ],
      [
        'KP numbers 1.5, -1 and 1e308',
        () => withKps(good, { k12: { nr: 1.5 }, k13: { nr: -1 }, k14: { nr: '1e308' } }),
        true,
        ['k12', 'k13', 'k14'].map((id) => ({
          path: `eventsdata.kp.${id}.nr`,
          message: /whole number from 1 to 9999/,
        })),
      ],
      [
        'team times in seconds or more than a week after the event',
        () => ({
          ...good,
          teams: {
            ...good.teams,
            list: {
              t1: { ...good.teams.list.t1, starttime: 1_767_261_600 },
              t2: { ...good.teams.list.t2, finishtime: 1767283200000 + 8 * 86_400_000 },
            },
          },
        }),
        true,
        [
          { path: 'teams.list.t1.starttime', message: /from 2000 to 2100/ },
          { path: 'teams.list.t2.finishtime', message: /within 7 days of the event/ },
        ],
      ],
      [
        'unknown admin uids',
        () => ({ ...good, events: { ...good.events, admins: { 'nobody-here': 'admin' } } }),
        false,
        [{ path: 'events.admins.nobody-here', message: /no account/ }],
      ],
    ];

    for (const [what, file, inCore, expected] of examples) {
      it(`refuses a template with ${what}: 400 with per-path details, writing nothing`, async () => {
        const before = await countRows(t.handle.db);
        const res = await create({ template: file(), removePermissions: false });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(errorOf(res)).toBe('eventfile.error.invalid');
        expect(detailsOf(res.body)).toEqual(
          expected.map((e) => ({ path: e.path, message: expect.stringMatching(e.message) })),
        );
        expect(await countRows(t.handle.db)).toEqual(before);

        // The command line's import refuses the contents too (it keeps unknown admins: they may
        // come from another platform, and the event's admin list shows them as unknown).
        const events = eventService({ store: t.store, bus: t.bus, now: () => t.clock.t });
        const imported = events.importFile(file(), uniqueShortlink('imp'));
        if (inCore) {
          await expect(imported).rejects.toMatchObject({
            key: 'eventfile.error.invalid',
            details: detailsOf(res.body),
          });
          expect(await countRows(t.handle.db)).toEqual(before);
        } else {
          await expect(imported).resolves.toMatchObject({ name: 'Spring rogaine' });
        }
      });
    }

    it('lists every problem of a file with many, capped at 50 details', async () => {
      const many: Record<string, unknown> = {};
      for (let i = 0; i < 80; i++) many[`bad${i}`] = { nr: 1000 + i, ra: 'high' };
      const before = await countRows(t.handle.db);
      const res = await create({ template: withKps(good, many) });
      expect(res.status).toBe(400);
      const details = detailsOf(res.body) ?? [];
      expect(details).toHaveLength(50);
      expect(details[0]).toEqual({ path: 'eventsdata.kp.bad0.ra', message: expect.any(String) });
      expect((res.body as ErrorBody).message).toMatch(/and 79 more/);
      expect(await countRows(t.handle.db)).toEqual(before);
    });

    it('checks settings, print items and teams with their editors’ schemas', async () => {
      const file = {
        ...good,
        eventsdata: {
          ...good.eventsdata,
          data: { ...good.eventsdata.data, maxmarkingdistance: 'far', type: 'party' },
          printitems: { p1: { loc: { lat: 58.3, lng: 500 }, type: 'kp', name: '1', limit: 0 } },
        },
        teams: {
          ...good.teams,
          list: { ...good.teams.list, t2: { name: 'Team B', nr: 102, col: 'red' } },
        },
      };
      const res = await create({ template: file });
      expect(res.status).toBe(400);
      expect(detailsOf(res.body)?.map((d) => d.path)).toEqual([
        'eventsdata.data.type',
        'eventsdata.data.maxmarkingdistance',
        'eventsdata.printitems.p1.loc.lng',
        'teams.list.t2.col',
      ]);
    });

    it('refuses to duplicate an event whose stored checkpoints the KP API would refuse', async () => {
      // Stored before the check existed: written straight to the database.
      const id = uniqueShortlink('old');
      await importEvent(t, good, id);
      await t.handle.db
        .updateTable('checkpoints')
        .set({ kp: JSON.stringify({ nr: 31 }) })
        .where('event_id', '=', id)
        .where('id', '=', 'kp1')
        .execute();
      const before = await countRows(t.handle.db);
      const res = await create({ duplicateOf: id });
      expect(res.status).toBe(400);
      expect(errorOf(res)).toBe('eventfile.error.invalid');
      expect(detailsOf(res.body)).toEqual([
        {
          path: expect.stringMatching(/^eventsdata\.kp\.kp[12]\.nr$/),
          message: expect.any(String),
        },
      ]);
      expect(await countRows(t.handle.db)).toEqual(before);
    });

    it('reads a team time an older file wrote as none (0, "") as absent, not as 1970', async () => {
      const id = uniqueShortlink('old');
      const list = good.teams.list;
      await importEvent(
        t,
        {
          ...good,
          teams: {
            ...good.teams,
            list: { t1: { ...list.t1, starttime: 0 }, t2: { ...list.t2, finishtime: '' } },
          },
        },
        id,
      );
      const teams = await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, {
        as: creator,
      });
      const times = Object.fromEntries(teams.body.map((x) => [x.id, [x.starttime, x.finishtime]]));
      expect(times.t1?.[0]).toBeNull();
      expect(times.t2?.[1]).toBeNull();
    });

    it('reads a team class or number written as "" as none, and keeps a class not in the list', async () => {
      const id = uniqueShortlink('nocls');
      const list = good.teams.list;
      await importEvent(
        t,
        {
          ...good,
          teams: {
            ...good.teams,
            list: {
              t1: { ...list.t1, klassid: '', nr: '' },
              t2: { ...list.t2, klassid: 'notlisted' },
            },
          },
        },
        id,
      );
      const teams = await call<TeamListEntry[]>(t.app, 'GET', `/api/events/${id}/teams`, {
        as: creator,
      });
      const byId = Object.fromEntries(teams.body.map((x) => [x.id, [x.klassid, x.nr]]));
      expect(byId.t1).toEqual([null, null]);
      expect(byId.t2?.[0]).toBe('notlisted');
    });

    it('still creates events from good templates and duplicates', async () => {
      expect((await create({ template: good, removePermissions: false })).status).toBe(201);
      const id = uniqueShortlink('dup');
      await importEvent(t, good, id);
      expect((await create({ duplicateOf: id })).status).toBe(201);
    });
  },
);
