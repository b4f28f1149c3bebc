import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type DeletedTeamRow = Database['deleted_teams'];

const CHUNK = 200;

/** Everything stored about one team besides its row: what a deleted-team backup copies. */
export interface TeamParts {
  registration: Database['registrations'] | undefined;
  answers: Database['team_answers'][];
  tickets: Database['speed_tickets'][];
  tracks: Database['track_chunks'][];
  members: Database['team_members'][];
  /** Ids of the devices attached to the team (devices.team_id). */
  devices: string[];
}

/** The tables one team spreads over, read, removed and written back whole; and the backups. */
export function teamBackupRepository(db: Kysely<Database>) {
  const ofTeam = <T extends 'registrations' | 'team_answers' | 'speed_tickets' | 'team_members'>(
    table: T,
    eventId: string,
    teamId: string,
  ) =>
    db
      .selectFrom(table as 'team_answers')
      .selectAll()
      .where('event_id', '=', eventId)
      .where('team_id', '=', teamId)
      .execute() as unknown as Promise<Database[T][]>;

  return {
    /** Reads every part of the team (see TeamParts). */
    async partsOf(eventId: string, teamId: string): Promise<TeamParts> {
      // One after another: inside a transaction the queries share one connection.
      const registrations = await ofTeam('registrations', eventId, teamId);
      const answers = await ofTeam('team_answers', eventId, teamId);
      const tickets = await ofTeam('speed_tickets', eventId, teamId);
      const members = await ofTeam('team_members', eventId, teamId);
      const tracks = await db
        .selectFrom('track_chunks')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .orderBy('t_from')
        .execute();
      const devices = await db
        .selectFrom('devices')
        .select('id')
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .execute();
      return {
        registration: registrations[0],
        answers,
        tickets,
        tracks,
        members,
        devices: devices.map((d) => d.id).sort(),
      };
    },

    /**
     * Removes the team and every part of it (the foreign keys would cascade most of them; track
     * chunks and devices have none) and detaches its devices. Call inside a transaction.
     */
    async deleteTeam(eventId: string, teamId: string): Promise<void> {
      for (const table of [
        'registrations',
        'team_answers',
        'speed_tickets',
        'team_members',
        'track_chunks',
        // A deleted team's tracking links go; a restored team makes new ones.
        'tracking_links',
      ] as const) {
        await db
          .deleteFrom(table)
          .where('event_id', '=', eventId)
          .where('team_id', '=', teamId)
          .execute();
      }
      await db
        .updateTable('devices')
        .set({ team_id: null })
        .where('event_id', '=', eventId)
        .where('team_id', '=', teamId)
        .execute();
      await db
        .deleteFrom('teams')
        .where('event_id', '=', eventId)
        .where('id', '=', teamId)
        .execute();
    },

    /**
     * Writes a team and its parts back. Devices are attached again only while no other team
     * has taken them meanwhile. Call inside a transaction.
     */
    async insertTeam(team: Database['teams'], parts: TeamParts): Promise<void> {
      await db.insertInto('teams').values(team).execute();
      if (parts.registration)
        await db.insertInto('registrations').values(parts.registration).execute();
      for (let i = 0; i < parts.answers.length; i += CHUNK)
        await db
          .insertInto('team_answers')
          .values(parts.answers.slice(i, i + CHUNK))
          .execute();
      for (let i = 0; i < parts.tickets.length; i += CHUNK)
        await db
          .insertInto('speed_tickets')
          .values(parts.tickets.slice(i, i + CHUNK))
          .execute();
      for (let i = 0; i < parts.members.length; i += CHUNK)
        await db
          .insertInto('team_members')
          .values(parts.members.slice(i, i + CHUNK))
          .execute();
      for (let i = 0; i < parts.tracks.length; i += CHUNK)
        await db
          .insertInto('track_chunks')
          .values(parts.tracks.slice(i, i + CHUNK))
          .execute();
      if (parts.devices.length > 0) {
        await db
          .updateTable('devices')
          .set({ team_id: team.id })
          .where('event_id', '=', team.event_id)
          .where('team_id', 'is', null)
          .where('id', 'in', parts.devices)
          .execute();
      }
    },

    async insertDeleted(row: DeletedTeamRow): Promise<void> {
      await db.insertInto('deleted_teams').values(row).execute();
    },

    /** The event's deleted-team backups, newest first. */
    listDeleted: (eventId: string) =>
      db
        .selectFrom('deleted_teams')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('deleted_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    findDeleted: (eventId: string, id: string) =>
      db
        .selectFrom('deleted_teams')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('id', '=', id)
        .executeTakeFirst(),

    async removeDeleted(eventId: string, id: string): Promise<void> {
      await db
        .deleteFrom('deleted_teams')
        .where('event_id', '=', eventId)
        .where('id', '=', id)
        .execute();
    },
  };
}
