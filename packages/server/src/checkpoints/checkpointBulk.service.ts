import { isValidKpNr, planImport, planRenumber, validateCheckpointAnswer } from '@rada/core';
import type {
  Checkpoint,
  CheckpointImportResult,
  DeletedKpOnTeamRow,
  ImportCheckpointsBody,
  PrintItemsBody,
  RenumberBody,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { AppError, notFound } from '../http/errors.ts';
import { fromJson, toJson } from '../db/json.ts';
import { newId, timeId } from '../db/ids.ts';
import { canReadCheckpointSecrets } from '../policies/checkpoint.policy.ts';
import { checkpointRow } from './checkpoint.context.ts';
import type { CheckpointContext, CheckpointServiceDeps } from './checkpoint.context.ts';
import {
  presentCheckpoint,
  presentDeletedKpOnTeam,
  readDeletedRecord,
  sortCheckpoints,
} from './checkpoint.presenter.ts';
import type { DeletedCheckpointRow } from './checkpoint.repository.ts';

/**
 * The operations on many checkpoints at once: import, re-enumeration, print items, and the team
 * answers left on checkpoints that no longer exist. Each write is one transaction.
 */
export function checkpointBulkService(
  { store, now }: CheckpointServiceDeps,
  ctx: CheckpointContext,
) {
  return {
    /**
     * Imports checkpoints in mode add, merge or replace (planned by core's `planImport`). Every
     * answer must be one of its responses. Removed KPs go to the deleted store. All rows are
     * written in one transaction, or none.
     */
    async importCheckpoints(
      actor: Actor | null,
      eventId: string,
      body: z.output<typeof ImportCheckpointsBody>,
    ): Promise<CheckpointImportResult> {
      await ctx.requireWrite(actor, eventId);
      const bad = body.checkpoints.flatMap((c, i) =>
        validateCheckpointAnswer(c.data, c.answer)
          ? [{ path: `checkpoints.${i}.answer`, message: `"${c.answer}" is not a response id` }]
          : [],
      );
      if (bad.length > 0) throw new AppError('kpdata.badresponse', 400, bad);
      const result = await ctx.write(eventId, async (repos) => {
        const rows = await repos.checkpoints.list(eventId);
        const existing = rows.map((r) => presentCheckpoint(r, true));
        const plan = planImport(existing, body.checkpoints, body.mode);
        const removing = new Set(plan.remove);
        await ctx.moveToDeleted(
          repos,
          eventId,
          rows.filter((r) => removing.has(r.id)),
        );
        for (const u of plan.update) {
          if (validateCheckpointAnswer(u.data, u.answer))
            throw new AppError('kpdata.badresponse', 400, [
              {
                path: 'answer',
                message: `KP ${String(u.kp.nr)}: "${u.answer}" is not a response id`,
              },
            ]);
          await repos.checkpoints.update(checkpointRow(eventId, u.id, u));
        }
        await repos.checkpoints.insertMany(
          plan.add.map((a) => checkpointRow(eventId, a.id ?? newId(), a)),
        );
        const counts = {
          added: plan.add.length,
          updated: plan.update.length,
          removed: plan.remove.length,
          skipped: plan.skipped.length,
        };
        await ctx.audit(repos, actor, eventId, 'kp.import', `eventsdata/${eventId}/kp`, null, {
          mode: body.mode,
          ...counts,
        });
        return counts;
      });
      ctx.changed(eventId);
      return result;
    },

    /**
     * Re-enumerates: KPs numbered start..end move by `add` (core's `planRenumber`). Any conflict
     * refuses the whole change with 409 error.cpnumconflict listing the conflicts, a number it
     * would take below 1 or above KP_NR_MAX with 400 kp.error.badnumber. Answers the new list.
     */
    async renumber(
      actor: Actor | null,
      eventId: string,
      body: RenumberBody,
    ): Promise<Checkpoint[]> {
      await ctx.requireWrite(actor, eventId);
      const list = await ctx.write(eventId, async (repos) => {
        const current = (await repos.checkpoints.list(eventId)).map((r) =>
          presentCheckpoint(r, true),
        );
        const plan = planRenumber(current, body.start, body.end, body.add);
        const outside = plan.changes.filter((c) => !isValidKpNr(c.to));
        if (outside.length > 0) {
          throw new AppError(
            'kp.error.badnumber',
            400,
            outside.map((c) => ({ path: c.id, message: `KP ${String(c.from)} → ${c.to}` })),
          );
        }
        if (plan.conflicts.length > 0) {
          const nrOf = new Map(current.map((c) => [c.id, c.kp.nr]));
          throw new AppError(
            'error.cpnumconflict',
            409,
            plan.conflicts.map((c) => ({
              path: c.id,
              message: `KP ${String(nrOf.get(c.id))} → ${c.nr}: the number is in use`,
            })),
          );
        }
        const byId = new Map(current.map((c) => [c.id, c]));
        for (const change of plan.changes) {
          const cp = byId.get(change.id);
          if (!cp) continue;
          cp.kp = { ...cp.kp, nr: change.to };
          await repos.checkpoints.update(
            checkpointRow(eventId, cp.id, { kp: cp.kp, data: cp.data, answer: cp.answer ?? null }),
          );
        }
        await ctx.audit(repos, actor, eventId, 'kp.renumber', `eventsdata/${eventId}/kp`, null, {
          ...body,
          changed: plan.changes.length,
        });
        return sortCheckpoints(current);
      });
      ctx.changed(eventId);
      return list;
    },

    /**
     * Team answers to KP ids that are not checkpoints of the event, with the deleted record
     * (newest one) when the KP is in the deleted store and can be restored.
     */
    async deletedKpOnTeam(actor: Actor | null, eventId: string): Promise<DeletedKpOnTeamRow[]> {
      await ctx.require(actor, eventId, canReadCheckpointSecrets);
      const orphans = await store.checkpoints.orphanAnswers(eventId);
      const deletedByKpId = new Map<string, DeletedCheckpointRow>();
      // listDeleted is newest first: the first record per KP id wins.
      for (const row of await store.checkpoints.listDeleted(eventId)) {
        const kpId = readDeletedRecord(row).id;
        if (!deletedByKpId.has(kpId)) deletedByKpId.set(kpId, row);
      }
      return presentDeletedKpOnTeam(orphans, deletedByKpId);
    },

    /** Deletes one team's answer to one KP (from the deleted-KP-on-team dialog); 404 when absent. */
    async deleteTeamAnswer(
      actor: Actor | null,
      eventId: string,
      teamId: string,
      kpId: string,
    ): Promise<void> {
      await ctx.requireWrite(actor, eventId);
      await ctx.write(eventId, async (repos) => {
        const old = await repos.results.findAnswer(eventId, teamId, kpId);
        if (!old || !(await repos.checkpoints.deleteAnswer(eventId, teamId, kpId)))
          throw notFound();
        // Every change to a team's answers is audited: who, when, and what was removed.
        await repos.results.insertAudit({
          id: timeId(now()),
          time: now(),
          user_id: actor?.uid ?? null,
          event_id: eventId,
          action: 'team.answer.delete',
          path: `teams/${eventId}/kpanswers/${teamId}/${kpId}`,
          old_value: toJson({
            answer: old.answer,
            ok: old.ok === null ? null : old.ok === 1,
            aeg: old.aeg,
          }),
          value: null,
        });
      });
      ctx.changed(eventId, ['results']);
    },

    /** The event's print items, id → item. */
    async printItems(actor: Actor | null, eventId: string): Promise<PrintItemsBody> {
      await ctx.require(actor, eventId, canReadCheckpointSecrets);
      return readPrintItems(await store.checkpoints.listPrintItems(eventId));
    },

    /** Replaces the whole set of print items in one transaction; answers the stored set. */
    async savePrintItems(
      actor: Actor | null,
      eventId: string,
      body: PrintItemsBody,
    ): Promise<PrintItemsBody> {
      await ctx.requireWrite(actor, eventId);
      const saved = await ctx.write(eventId, async (repos) => {
        await repos.checkpoints.replacePrintItems(
          eventId,
          Object.entries(body).map(([id, item]) => ({ event_id: eventId, id, item: toJson(item) })),
        );
        return repos.checkpoints.listPrintItems(eventId);
      });
      ctx.changed(eventId);
      return readPrintItems(saved);
    },
  };
}

function readPrintItems(rows: { id: string; item: string }[]): PrintItemsBody {
  return Object.fromEntries(
    rows.map((r) => [r.id, fromJson<PrintItemsBody[string] | null>(r.item, null)]),
  ) as PrintItemsBody;
}
