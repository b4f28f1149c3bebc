import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareEventRow, freshDatabase, testDialects } from '../test/databases.ts';
import { migrateToLatest } from '../db/database.ts';
import type { Db } from '../db/database.ts';

describe.each(testDialects())('migration 0016 (placeholder contacts) on $name', (dialect) => {
  let h: Db;
  beforeAll(async () => {
    h = await freshDatabase(dialect, '0015_account_contact');
  });
  afterAll(() => h.close());

  it("takes a made-up address out of teams' contact data and deleted teams' backups, and nothing else", async () => {
    await h.db.insertInto('events').values(bareEventRow('ev')).execute();
    const team = (id: string, data: object) => ({
      event_id: 'ev',
      id,
      name: id,
      nr: null,
      list: '{}',
      data: JSON.stringify(data),
      trackstat: null,
    });
    await h.db
      .insertInto('teams')
      .values([
        team('guest', { displayName: 'Guest 4821', email: 'g-1@guest.invalid' }),
        team('phone', {
          displayName: 'Mari',
          email: 'phone-AB@PHONE.INVALID',
          phone: '+3725551234',
        }),
        team('real', { displayName: 'Jaan', email: 'jaan@example.ee', note: 'x.invalid' }),
      ])
      .execute();
    const backup = (id: string, email: string) => ({
      event_id: 'ev',
      id,
      team_id: id,
      name: id,
      deleted_at: 1,
      record: JSON.stringify({ tid: id, list: { name: id }, data: { displayName: 'D', email } }),
    });
    await h.db
      .insertInto('deleted_teams')
      .values([backup('gone-guest', 'g-2@guest.invalid'), backup('gone-real', 'r@example.ee')])
      .execute();

    expect(await migrateToLatest(h.db)).toContain('0016_placeholder_contacts');

    const teams = await h.db.selectFrom('teams').select(['id', 'data']).orderBy('id').execute();
    expect(teams.map((t) => [t.id, JSON.parse(t.data)])).toEqual([
      ['guest', { displayName: 'Guest 4821' }],
      ['phone', { displayName: 'Mari', phone: '+3725551234' }],
      ['real', { displayName: 'Jaan', email: 'jaan@example.ee', note: 'x.invalid' }],
    ]);
    const deleted = await h.db
      .selectFrom('deleted_teams')
      .select(['id', 'record'])
      .orderBy('id')
      .execute();
    expect(deleted.map((d) => [d.id, JSON.parse(d.record)])).toEqual([
      [
        'gone-guest',
        { tid: 'gone-guest', list: { name: 'gone-guest' }, data: { displayName: 'D' } },
      ],
      [
        'gone-real',
        {
          tid: 'gone-real',
          list: { name: 'gone-real' },
          data: { displayName: 'D', email: 'r@example.ee' },
        },
      ],
    ]);
  });
});
