import {
  OVERVIEW_MARKS_WINDOW_MS,
  OVERVIEW_SENDING_WINDOW_MS,
  archiveState,
  eventOverview,
} from '@rada/core';
import type { EventOverview, Kp, KpData, TeamResult } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import { fromJson, fromJsonMap } from '../db/json.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canReadEventPrivate } from '../policies/event.policy.ts';
import type { EventRows } from '../eventFile/eventFileMapping.ts';
import type { ResultsService } from '../results/results.service.ts';

/**
 * The organiser's overview of an event (core overview.ts), for its admins only. An archived
 * event's KPs and teams are read from its archive (`readRows`), and the overview says what the
 * archive holds.
 */
export function overviewService(deps: {
  store: Store;
  results: Pick<ResultsService, 'stored'>;
  now: () => number;
  readRows?: (eventId: string) => Promise<EventRows | undefined>;
}) {
  const { store, results, now, readRows } = deps;
  return {
    async overview(actor: Actor | null, eventId: string): Promise<EventOverview> {
      const row = await store.events.findById(eventId);
      if (!row) throw notFound();
      const role = actor ? await store.events.roleOf(eventId, actor.uid) : null;
      if (!canReadEventPrivate({ actor, role, hidden: row.hidden === 1 })) {
        throw actor ? forbidden() : unauthorized();
      }
      const at = now();
      const reads = store.overview;
      const arch = archiveState(row.arch);
      const archived = arch !== null && readRows ? await readRows(eventId) : undefined;
      const [settings, checkpoints, teams, stored, joinCodes, marksLately, devicesSending] =
        await Promise.all([
          store.tracks.settingsOf(eventId),
          archived?.checkpoints ?? reads.checkpoints(eventId),
          archived?.teams ?? reads.teams(eventId),
          results.stored(eventId),
          reads.validJoinCodes(eventId, at),
          reads.marksSince(eventId, at - OVERVIEW_MARKS_WINDOW_MS),
          reads.devicesSendingSince(eventId, at - OVERVIEW_SENDING_WINDOW_MS),
        ]);
      return eventOverview({
        starttime: row.starttime,
        endtime: row.endtime,
        settings: fromJsonMap(settings),
        checkpoints: checkpoints.map((c) => {
          const kp = fromJson<Partial<Kp>>(c.kp, {});
          const data = fromJson<Partial<KpData>>(c.data, {});
          return {
            id: c.id,
            nr: kp.nr ?? c.id,
            inwork: kp.inwork === true,
            cancelled: kp.tyhistatud === true,
            hasLocation: data.loc !== undefined,
            hasResponses: Object.keys(data.responses ?? {}).length > 0,
            hasAnswer: c.answer !== null && c.answer !== '',
          };
        }),
        teams: teams.map((t) => {
          const list = fromJsonMap(t.list);
          return {
            allowed: list.allowed === true,
            starttime: typeof list.starttime === 'number' ? list.starttime : null,
          };
        }),
        statuses: ((stored?.results ?? []) as TeamResult[]).map((r) => r.status),
        joinCodes,
        marksLately,
        devicesSending,
        archive:
          arch && archived
            ? {
                state: arch,
                teams: archived.teams.length,
                checkpoints: archived.checkpoints.length,
                answers: archived.answers.length,
                registrations: archived.registrations.length,
              }
            : null,
      });
    },
  };
}
export type OverviewService = ReturnType<typeof overviewService>;
