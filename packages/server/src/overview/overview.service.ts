import { OVERVIEW_MARKS_WINDOW_MS, OVERVIEW_SENDING_WINDOW_MS, eventOverview } from '@rada/core';
import type { EventOverview, Kp, KpData, TeamResult } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import { fromJson, fromJsonMap } from '../db/json.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canReadEventPrivate } from '../policies/event.policy.ts';
import type { ResultsService } from '../results/results.service.ts';

/** The organiser's overview of an event (core overview.ts), for its admins only. */
export function overviewService(deps: {
  store: Store;
  results: Pick<ResultsService, 'stored'>;
  now: () => number;
}) {
  const { store, results, now } = deps;
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
      const [settings, checkpoints, teams, stored, joinCodes, marksLately, devicesSending] =
        await Promise.all([
          store.tracks.settingsOf(eventId),
          reads.checkpoints(eventId),
          reads.teams(eventId),
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
      });
    },
  };
}
export type OverviewService = ReturnType<typeof overviewService>;
