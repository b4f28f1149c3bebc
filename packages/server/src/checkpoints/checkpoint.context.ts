import { Kp, KpData, eventTopic, validateCheckpointAnswer } from '@rada/core';
import type { EventChange, KpNr } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, notFound, unauthorized, validationKey } from '../http/errors.ts';
import { fromJson, fromJsonMap, toJson } from '../db/json.ts';
import { newId } from '../db/ids.ts';
import { sanitizeKpTexts } from '../richText/sanitize.ts';
import { auditRow } from '../db/audit.ts';
import type { Repos, Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import type { EventRows } from '../eventFile/eventFileMapping.ts';
import type { EventRow } from '../events/event.repository.ts';
import type { EventAccess } from '../policies/event.policy.ts';
import { canEditCheckpoints, isCheckpointWriteOpen } from '../policies/checkpoint.policy.ts';
import type { CheckpointRow } from './checkpoint.repository.ts';
import type { DeletedRecord } from './checkpoint.presenter.ts';

export interface CheckpointServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  /** An event's rows; an archived event's come from its archive (archive.service.ts). */
  readRows?: (eventId: string) => Promise<EventRows | undefined>;
}

/** An event as the checkpoint services see it: its row, the caller's access and `kpsinweb`. */
export interface LoadedEvent {
  row: EventRow;
  access: EventAccess;
  kpsinweb: boolean;
}

/** The checks and steps every checkpoint service shares. */
export function checkpointContext({ store, bus, now }: CheckpointServiceDeps) {
  /** Loads the event and the caller's access; 404 when there is no such event. */
  async function load(actor: Actor | null, eventId: string): Promise<LoadedEvent> {
    const row = await store.events.findById(eventId);
    if (!row) throw notFound();
    const role = actor ? await store.events.roleOf(eventId, actor.uid) : null;
    const settings = fromJsonMap((await store.events.findData(eventId))?.settings);
    return {
      row,
      access: { actor, role, hidden: row.hidden === 1 },
      kpsinweb: settings.kpsinweb === true,
    };
  }

  /** Loads the event and asks `policy`; 401 for the signed out, 403 for others it refuses. */
  async function require(
    actor: Actor | null,
    eventId: string,
    policy: (a: EventAccess, kpsinweb: boolean) => boolean,
  ): Promise<LoadedEvent> {
    const loaded = await load(actor, eventId);
    if (!policy(loaded.access, loaded.kpsinweb)) throw actor ? forbidden() : unauthorized();
    return loaded;
  }

  /** As `require` for a checkpoint write: event admins only, and never on an archived event. */
  async function requireWrite(actor: Actor | null, eventId: string): Promise<LoadedEvent> {
    const loaded = await require(actor, eventId, canEditCheckpoints);
    if (!isCheckpointWriteOpen(loaded.row)) throw new AppError('kp.error.archived', 409);
    return loaded;
  }

  /**
   * Runs one checkpoint write in a transaction. Its first statement touches the event row, which
   * serialises concurrent checkpoint writes of one event on PostgreSQL (row lock) as SQLite's
   * single writer already does, so number checks and the next number see every committed KP.
   * The archived check is repeated under that lock.
   */
  function write<T>(eventId: string, fn: (repos: Repos) => Promise<T>): Promise<T> {
    return store.transaction(async (repos) => {
      await repos.events.update(eventId, { updated_at: now() });
      const row = await repos.events.findById(eventId);
      if (!row) throw notFound();
      if (!isCheckpointWriteOpen(row)) throw new AppError('kp.error.archived', 409);
      return fn(repos);
    });
  }

  /** Writes the changes log's entry of a checkpoint change, in the change's transaction. */
  function audit(
    repos: Repos,
    actor: Actor | null,
    eventId: string,
    action: string,
    path: string,
    old: unknown,
    value: unknown,
  ): Promise<void> {
    return repos.audit.insert([auditRow(now(), actor, eventId, action, path, old, value)]);
  }

  /** Tells the event's subscribers that its checkpoints (and `more`) changed. */
  function changed(eventId: string, more: EventChange[] = []): void {
    bus.publish(eventTopic(eventId), {
      v: 1,
      type: 'event.changed',
      eventId,
      what: ['checkpoints', ...more],
    });
  }

  /**
   * Moves checkpoints into the deleted store, each as one record `{id: kpId, kp, data, answer}`;
   * answers the new records' ids in order.
   */
  async function moveToDeleted(
    repos: Repos,
    eventId: string,
    rows: CheckpointRow[],
  ): Promise<string[]> {
    const records = rows.map((row) => {
      const record: DeletedRecord = {
        id: row.id,
        kp: fromJson<unknown>(row.kp, null),
        data: fromJson<unknown>(row.data, null),
        answer: row.answer,
      };
      return { event_id: eventId, id: newId(), record: toJson(record), deleted_at: now() };
    });
    await repos.checkpoints.insertDeleted(records);
    await repos.checkpoints.deleteMany(
      eventId,
      rows.map((r) => r.id),
    );
    return records.map((r) => r.id);
  }

  return { load, require, requireWrite, write, audit, changed, moveToDeleted, now };
}
export type CheckpointContext = ReturnType<typeof checkpointContext>;

/**
 * The stored row of a checkpoint, with `nr` mirrored the way the event file mapping does and its
 * long description sanitised.
 */
export function checkpointRow(
  eventId: string,
  id: string,
  doc: { kp: unknown; data: unknown; answer: string | null },
): CheckpointRow {
  const nr = fromJsonMap(toJson(doc.kp)).nr;
  return {
    event_id: eventId,
    id,
    nr: nr === undefined || nr === null ? null : String(nr),
    kp: toJson(doc.kp),
    // Every write of a KP passes here: its long description is stored sanitised.
    data: toJson(sanitizeKpTexts(doc.data)),
    answer: doc.answer,
  };
}

/** Whether another checkpoint than `exceptId` already has number `nr` (1 and '1' are the same). */
export function nrTaken(rows: CheckpointRow[], nr: KpNr, exceptId?: string): boolean {
  const key = String(nr).trim();
  return rows.some((r) => r.id !== exceptId && r.nr !== null && r.nr.trim() === key);
}

/** Validates the kp and data documents; 400 (validationKey: error.validation, kp.error.badnumber) with per-field details. */
export function validateDocuments(kp: unknown, data: unknown): { kp: Kp; data: KpData } {
  const k = Kp.safeParse(kp);
  const d = KpData.safeParse(data);
  const details = [
    ...(k.success ? [] : issues('kp', k.error.issues)),
    ...(d.success ? [] : issues('data', d.error.issues)),
  ];
  if (!k.success || !d.success) {
    const key = validationKey([...(k.error?.issues ?? []), ...(d.error?.issues ?? [])]);
    throw new AppError(key, 400, details);
  }
  return { kp: k.data, data: d.data };
}

/** 400 kpdata.badresponse unless the answer is null or one of the responses' ids. */
export function checkAnswer(data: KpData, answer: string | null): void {
  const problem = validateCheckpointAnswer(data, answer);
  if (problem) {
    throw new AppError(problem, 400, [
      { path: 'answer', message: `"${answer}" is not a response id` },
    ]);
  }
}

const issues = (prefix: string, list: { path: PropertyKey[]; message: string }[]) =>
  list.map((i) => ({ path: [prefix, ...i.path.map(String)].join('.'), message: i.message }));
