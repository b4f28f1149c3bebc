import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type JoinCodeRow = Database['join_codes'];
export type JoinCodeUseRow = Database['join_code_uses'];

/** Join codes (global, stored upper case) and who used them. */
export function joinCodeRepository(db: Kysely<Database>) {
  return {
    find: (code: string) =>
      db.selectFrom('join_codes').selectAll().where('code', '=', code).executeTakeFirst(),

    forEvent: (eventId: string) =>
      db
        .selectFrom('join_codes')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('created_at')
        .orderBy('code')
        .execute(),

    /** Inserts the code unless it exists; false when it was taken. */
    async insert(row: JoinCodeRow): Promise<boolean> {
      const res = await db
        .insertInto('join_codes')
        .values(row)
        .onConflict((oc) => oc.column('code').doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async update(
      code: string,
      changes: Partial<Pick<JoinCodeRow, 'singleteam' | 'valid' | 'team_id'>>,
    ): Promise<void> {
      await db.updateTable('join_codes').set(changes).where('code', '=', code).execute();
    },

    async delete(code: string): Promise<void> {
      await db.deleteFrom('join_codes').where('code', '=', code).execute();
    },

    /**
     * Sets `used_by` when nobody has used the code yet. A conditional update, so of two
     * concurrent first uses exactly one sees true (on SQLite and PostgreSQL alike).
     */
    async claim(code: string, userId: string): Promise<boolean> {
      const res = await db
        .updateTable('join_codes')
        .set({ used_by: userId })
        .where('code', '=', code)
        .where('used_by', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Binds a single-team code to the team its first use created. */
    async bindTeam(code: string, teamId: string): Promise<void> {
      await db
        .updateTable('join_codes')
        .set({ team_id: teamId })
        .where('code', '=', code)
        .where('team_id', 'is', null)
        .execute();
    },

    uses: (codes: string[]) =>
      codes.length === 0
        ? Promise.resolve([] as JoinCodeUseRow[])
        : db
            .selectFrom('join_code_uses')
            .selectAll()
            .where('code', 'in', codes)
            .orderBy('used_at')
            .execute(),

    /** Records a use (true) unless the user used the code before, whose first record stays. */
    async addUse(row: JoinCodeUseRow): Promise<boolean> {
      const res = await db
        .insertInto('join_code_uses')
        .values(row)
        .onConflict((oc) => oc.columns(['code', 'user_id']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}
