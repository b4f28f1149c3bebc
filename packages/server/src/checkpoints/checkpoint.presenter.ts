import { compareKpNr, publicKpData } from '@rada/core';
import type { Checkpoint, DeletedKp, DeletedKpOnTeamRow, Kp, KpData, KpNr } from '@rada/core';
import { asJsonMap, fromJsonMap } from '../db/json.ts';
import type {
  CheckpointRow,
  DeletedCheckpointRow,
  OrphanAnswerRow,
} from './checkpoint.repository.ts';

/** The deleted-KP record as stored (spec 04 `deletedkps`): the checkpoint under its old id. */
export interface DeletedRecord {
  id: string;
  kp: unknown;
  data: unknown;
  answer: string | null;
}

/**
 * Maps a checkpoint row to the API shape. Only event admins see the correct `answer` and the
 * whole data document; anyone else gets its public part (core's publicKpData, what the
 * participant app shows): never the answer text `a`, `scores` or keys an import brought.
 */
export function presentCheckpoint(row: CheckpointRow, admin: boolean): Checkpoint {
  const kp = fromJsonMap(row.kp) as Kp;
  const data = fromJsonMap(row.data) as KpData;
  if (admin) return { id: row.id, kp, data, answer: row.answer };
  return { id: row.id, kp, data: publicKpData(data) };
}

/** Reads the stored deleted record; `fallbackId` stands in for a record without a kpId. */
export function readDeletedRecord(row: DeletedCheckpointRow): DeletedRecord {
  const record = fromJsonMap(row.record);
  return {
    id: typeof record.id === 'string' && record.id !== '' ? record.id : row.id,
    kp: record.kp ?? null,
    data: record.data ?? null,
    answer: typeof record.answer === 'string' ? record.answer : null,
  };
}

/** Maps a deleted-KP row to the API shape (admins only: it carries the answer). */
export function presentDeletedKp(row: DeletedCheckpointRow): DeletedKp {
  const record = readDeletedRecord(row);
  return {
    id: row.id,
    kpId: record.id,
    kp: asMap(record.kp) as Kp,
    data: asMap(record.data) as KpData,
    answer: record.answer,
    deletedAt: row.deleted_at,
  };
}

/**
 * Maps team answers to missing KPs to rows of the deleted-KP-on-team dialog. `deletedByKpId`
 * holds the newest deleted record per old KP id.
 */
export function presentDeletedKpOnTeam(
  rows: OrphanAnswerRow[],
  deletedByKpId: Map<string, DeletedCheckpointRow>,
): DeletedKpOnTeamRow[] {
  return rows.map((r) => {
    const deleted = deletedByKpId.get(r.kp_id);
    const nr = deleted ? asMap(readDeletedRecord(deleted).kp).nr : undefined;
    return {
      teamId: r.team_id,
      teamName: r.team_name,
      kpId: r.kp_id,
      aeg: r.aeg,
      deleted: deleted !== undefined,
      answer: r.answer,
      ok: r.ok === null ? null : r.ok === 1,
      deletedNr: typeof nr === 'number' || typeof nr === 'string' ? (nr as KpNr) : null,
      deletedId: deleted?.id ?? null,
    };
  });
}

/** Checkpoints sorted by number (compareKpNr), then by id so equal numbers keep one order. */
export function sortCheckpoints(list: Checkpoint[]): Checkpoint[] {
  return list.sort(
    (a, b) => compareKpNr(a.kp.nr ?? '', b.kp.nr ?? '') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

const asMap = asJsonMap;
