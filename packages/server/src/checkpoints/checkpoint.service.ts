import { kpVisibleToTeam, nextKpNumber } from '@rada/core';
import type {
  Checkpoint,
  CheckpointList,
  CreateCheckpointBody,
  DeletedKp,
  UpdateCheckpointBody,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { AppError, notFound } from '../http/errors.ts';
import { fromJsonMap } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import { newId } from '../db/ids.ts';
import { canReadCheckpointSecrets, canReadCheckpoints } from '../policies/checkpoint.policy.ts';
import {
  checkAnswer,
  checkpointContext,
  checkpointRow,
  nrTaken,
  validateDocuments,
} from './checkpoint.context.ts';
import type { CheckpointServiceDeps } from './checkpoint.context.ts';
import {
  presentCheckpoint,
  presentDeletedKp,
  readDeletedRecord,
  sortCheckpoints,
} from './checkpoint.presenter.ts';
import type { CheckpointRow } from './checkpoint.repository.ts';
import { checkpointBulkService } from './checkpointBulk.service.ts';

export type { CheckpointServiceDeps } from './checkpoint.context.ts';

/** Applies a key-by-key patch: null removes a key, anything else replaces it. */
function mergeDocument(current: JsonMap, patch: Record<string, unknown> | undefined): JsonMap {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch ?? {})) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** A checkpoint's place in the event's documents, as the changes log names it. */
const kpPath = (eventId: string, kpId: string) => `eventsdata/${eventId}/kp/${kpId}`;

const conflict = (nr: unknown, path = 'kp.nr') =>
  new AppError('error.cpnumconflict', 409, [
    { path, message: `KP number ${String(nr)} is already in use` },
  ]);

/**
 * Checkpoints of an event (docs/api.md "Checkpoints"): the list, single-KP writes, the deleted
 * store, plus the bulk operations of `checkpointBulkService`. Every write checks the policy,
 * refuses archived events, runs in one transaction and publishes `event.changed`.
 */
export function checkpointService(deps: CheckpointServiceDeps) {
  const ctx = checkpointContext(deps);
  const { store } = deps;

  return {
    ...checkpointBulkService(deps, ctx),

    /**
     * The list for admins (with answers and scores) or, with `kpsinweb` on, for anyone: then the
     * KPs a team would see (no drafts in work), each with its public data only.
     */
    async list(actor: Actor | null, eventId: string): Promise<CheckpointList> {
      const { row, access } = await ctx.require(actor, eventId, canReadCheckpoints);
      const admin = canReadCheckpointSecrets(access);
      // An archived event's KPs are read from its archive (the map and results still show them).
      const rows =
        row.arch !== null && deps.readRows
          ? ((await deps.readRows(eventId))?.checkpoints ?? [])
          : await store.checkpoints.list(eventId);
      const shown = rows.map((r) => presentCheckpoint(r, admin));
      return {
        checkpoints: sortCheckpoints(admin ? shown : shown.filter((c) => kpVisibleToTeam(c.kp))),
        admin,
        archived: row.arch !== null,
      };
    },

    /** Creates a checkpoint; without `kp.nr` it takes the next number (highest numeric + 1). */
    async create(
      actor: Actor | null,
      eventId: string,
      body: z.output<typeof CreateCheckpointBody>,
    ): Promise<Checkpoint> {
      await ctx.requireWrite(actor, eventId);
      checkAnswer(body.data, body.answer);
      const created = await ctx.write(eventId, async (repos) => {
        const rows = await repos.checkpoints.list(eventId);
        const nr =
          body.kp.nr ?? nextKpNumber(rows.flatMap((r) => (r.nr === null ? [] : [{ nr: r.nr }])));
        const { kp, data } = validateDocuments({ ...body.kp, nr }, body.data);
        if (nrTaken(rows, kp.nr)) throw conflict(kp.nr);
        const row = checkpointRow(eventId, newId(), { kp, data, answer: body.answer });
        await repos.checkpoints.insert(row);
        await ctx.audit(repos, actor, eventId, 'kp.create', kpPath(eventId, row.id), null, {
          kp,
          data,
          answer: body.answer,
        });
        return row;
      });
      ctx.changed(eventId);
      return presentCheckpoint(created, true);
    },

    /**
     * Edits a checkpoint: kp and data are merged key by key (null removes a key) and validated
     * again as whole documents. The answer is checked against the responses whenever the patch
     * touches either, so a correct response cannot be removed or renamed from under its answer.
     */
    async update(
      actor: Actor | null,
      eventId: string,
      kpId: string,
      body: z.output<typeof UpdateCheckpointBody>,
    ): Promise<Checkpoint> {
      await ctx.requireWrite(actor, eventId);
      const updated = await ctx.write(eventId, async (repos) => {
        const current = await repos.checkpoints.findById(eventId, kpId);
        if (!current) throw notFound();
        const { kp, data } = validateDocuments(
          mergeDocument(fromJsonMap(current.kp), body.kp),
          mergeDocument(fromJsonMap(current.data), body.data),
        );
        const answer = body.answer === undefined ? current.answer : body.answer;
        if (body.answer !== undefined || (body.data && 'responses' in body.data))
          checkAnswer(data, answer);
        const row = checkpointRow(eventId, kpId, { kp, data, answer });
        if (row.nr?.trim() !== current.nr?.trim()) {
          if (nrTaken(await repos.checkpoints.list(eventId), kp.nr, kpId)) throw conflict(kp.nr);
        }
        await repos.checkpoints.update(row);
        await ctx.audit(
          repos,
          actor,
          eventId,
          'kp.update',
          kpPath(eventId, kpId),
          { kp: fromJsonMap(current.kp), data: fromJsonMap(current.data), answer: current.answer },
          { kp, data, answer },
        );
        return row;
      });
      ctx.changed(eventId);
      return presentCheckpoint(updated, true);
    },

    /** Moves a checkpoint (kp, data and answer) to the deleted store; answers the record for undo. */
    async remove(actor: Actor | null, eventId: string, kpId: string): Promise<DeletedKp> {
      await ctx.requireWrite(actor, eventId);
      const deleted = await ctx.write(eventId, async (repos) => {
        const row = await repos.checkpoints.findById(eventId, kpId);
        if (!row) throw notFound();
        const [id = ''] = await ctx.moveToDeleted(repos, eventId, [row]);
        await ctx.audit(
          repos,
          actor,
          eventId,
          'kp.delete',
          kpPath(eventId, kpId),
          { kp: fromJsonMap(row.kp), data: fromJsonMap(row.data), answer: row.answer },
          null,
        );
        const stored = await repos.checkpoints.findDeleted(eventId, id);
        if (!stored) throw new Error(`deleted KP record ${id} was not written`);
        return stored;
      });
      ctx.changed(eventId);
      return presentDeletedKp(deleted);
    },

    /** The deleted store, newest first. */
    async listDeleted(actor: Actor | null, eventId: string): Promise<DeletedKp[]> {
      await ctx.require(actor, eventId, canReadCheckpointSecrets);
      return (await store.checkpoints.listDeleted(eventId)).map(presentDeletedKp);
    },

    /**
     * Moves a deleted KP back under its old id. 409 error.cpnumconflict when that id or its
     * number is in use by a checkpoint now.
     */
    async restore(actor: Actor | null, eventId: string, deletedId: string): Promise<Checkpoint> {
      await ctx.requireWrite(actor, eventId);
      const restored = await ctx.write(eventId, async (repos): Promise<CheckpointRow> => {
        const stored = await repos.checkpoints.findDeleted(eventId, deletedId);
        if (!stored) throw notFound();
        const record = readDeletedRecord(stored);
        if (await repos.checkpoints.findById(eventId, record.id)) {
          throw new AppError('error.cpnumconflict', 409, [
            { path: 'id', message: `A checkpoint with id ${record.id} exists` },
          ]);
        }
        const row = checkpointRow(eventId, record.id, record);
        if (row.nr !== null && nrTaken(await repos.checkpoints.list(eventId), row.nr))
          throw conflict(row.nr);
        await repos.checkpoints.insert(row);
        await repos.checkpoints.removeDeleted(eventId, deletedId);
        await ctx.audit(repos, actor, eventId, 'kp.restore', kpPath(eventId, row.id), null, {
          kp: record.kp,
          data: record.data,
          answer: record.answer,
        });
        return row;
      });
      ctx.changed(eventId);
      return presentCheckpoint(restored, true);
    },
  };
}
export type CheckpointService = ReturnType<typeof checkpointService>;
