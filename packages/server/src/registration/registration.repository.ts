import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type RegistrationRowDb = Database['registrations'];

/** Team registrations (regdata per team); teams themselves are in the teams repository. */
export function registrationRepository(db: Kysely<Database>) {
  return {
    /** Every registration of the event. */
    forEvent: (eventId: string) =>
      db.selectFrom('registrations').selectAll().where('event_id', '=', eventId).execute(),

    find: (eventId: string, teamId: string) =>
      db
        .selectFrom('registrations')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .executeTakeFirst(),

    /** How many teams the user has registered in the event. */
    async countByUser(eventId: string, uid: string): Promise<number> {
      const row = await db
        .selectFrom('registrations')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('event_id', '=', eventId)
        .where('user_id', '=', uid)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insert(row: RegistrationRowDb): Promise<void> {
      await db.insertInto('registrations').values(row).execute();
    },

    async updateRegdata(eventId: string, teamId: string, regdata: string): Promise<void> {
      await db
        .updateTable('registrations')
        .set({ regdata })
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .execute();
    },

    /** The numbers of the event's teams (for the next number) and how many teams there are. */
    async teamNrs(eventId: string): Promise<(string | null)[]> {
      const rows = await db
        .selectFrom('teams')
        .select('nr')
        .where('event_id', '=', eventId)
        .execute();
      return rows.map((r) => r.nr);
    },
  };
}
