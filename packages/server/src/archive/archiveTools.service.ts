import {
  ARCHIVE_FILES,
  archiveColourFixes,
  archiveState,
  eventTopic,
  parseOwnEventFile,
} from '@rada/core';
import type { ArchiveColoursResult, ArchivePlace, ArchiveStorageView, ColourFix } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { auditRow } from '../db/audit.ts';
import { fromJsonMap } from '../db/json.ts';
import type { Store } from '../db/store.ts';
import { fileToRows } from '../eventFile/eventFileMapping.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canMoveArchives } from '../policies/platform.policy.ts';
import type { Bus } from '../realtime/bus.ts';
import type { ArchiveService } from './archive.service.ts';
import type { ArchiveStorage } from './archiveStorage.ts';

export interface ArchiveToolsDeps {
  store: Store;
  bus: Bus;
  first: ArchiveStorage;
  second: ArchiveStorage | null;
  archive: Pick<ArchiveService, 'busy' | 'forgetRead'>;
  now: () => number;
}

/** One tier's evdata.json of an event: the tier, its name there, and its bytes. */
interface TierFile {
  tier: ArchiveStorage;
  name: string;
  bytes: Uint8Array;
}

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) =>
  a !== undefined && Buffer.from(a).equals(Buffer.from(b));

/** The event file's teams.list entries, in the file's JSON as read. */
function teamList(file: unknown): Record<string, Record<string, unknown>> | null {
  const teams = (file as { teams?: { list?: unknown } } | null)?.teams;
  const list = teams?.list;
  return list !== null && typeof list === 'object' && !Array.isArray(list)
    ? (list as Record<string, Record<string, unknown>>)
    : null;
}

/**
 * The super admin's tools over the archive tiers (spec 02 §2): where an event's archive files
 * are (the row menu's storage link), and "fix colours in archive".
 */
export function archiveToolsService({ store, bus, first, second, archive, now }: ArchiveToolsDeps) {
  const tiers = second ? [first, second] : [first];

  async function guard(actor: Actor | null, eventId: string) {
    if (!canMoveArchives(actor)) throw actor ? forbidden() : unauthorized();
    const row = await store.events.findById(eventId);
    if (!row) throw notFound();
    return row;
  }

  /** The evdata.json of the event on every tier that holds one. */
  async function eventFiles(eventId: string): Promise<TierFile[]> {
    const name = `${eventId}/${ARCHIVE_FILES.event}`;
    const found: TierFile[] = [];
    for (const tier of tiers) {
      const bytes = await tier.read(name);
      if (bytes) found.push({ tier, name, bytes });
    }
    return found;
  }

  /** An evdata.json's team count and colour fixes (its teams as the track views read them). */
  function fixesOf(bytes: Uint8Array, eventId: string): { teams: number; fixes: ColourFix[] } {
    const parsed = parseOwnEventFile(Buffer.from(bytes).toString('utf8'));
    if (!parsed.ok) throw new AppError('archive.error.missing', 409);
    const teams = fileToRows(parsed.file, eventId, 0).teams;
    return {
      teams: teams.length,
      fixes: archiveColourFixes(
        teams.map((t) => ({ id: t.id, name: t.name, nr: t.nr, col: fromJsonMap(t.list).col })),
      ),
    };
  }

  /** Where a tier's evdata.json of the event is, as the storage link names it. */
  const fileLocation = (tier: ArchiveStorage, eventId: string) =>
    `${tier.place(eventId).location.replace(/\/$/, '')}/${ARCHIVE_FILES.event}`;

  /** `bytes` with each fixed team's colour set in its teams.list entry; all else as it was. */
  function withColours(bytes: Uint8Array, fixes: readonly ColourFix[]): Uint8Array {
    const file = JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown;
    const list = teamList(file);
    for (const fix of fixes) {
      const entry = list?.[fix.teamId];
      if (entry && typeof entry === 'object') entry.col = fix.col;
    }
    return Buffer.from(JSON.stringify(file));
  }

  return {
    /** Where the event's archive files are on each configured tier. */
    async storage(actor: Actor | null, eventId: string): Promise<ArchiveStorageView> {
      const row = await guard(actor, eventId);
      const places: ArchivePlace[] = [];
      for (const [i, tier] of tiers.entries()) {
        places.push({
          tier: i === 0 ? 'first' : 'second',
          ...tier.place(eventId),
          files: await tier.list(eventId),
        });
      }
      return { eventId, arch: archiveState(row.arch), places };
    },

    /**
     * Fix colours in archive: every team of the archived event whose stored colour a map cannot
     * draw gets the colour its track shows (core archiveColourFixes), written into evdata.json
     * on every tier that holds it, each read back; then one `archive.colours` log row. A tier
     * that does not read back, or a log row that cannot be written, puts back the files already
     * written, so the change is made whole or not at all. A dry run only tells.
     */
    async fixColours(
      actor: Actor | null,
      body: { event: string; dryRun: boolean },
    ): Promise<ArchiveColoursResult> {
      const eventId = body.event;
      const row = await guard(actor, eventId);
      if (row.arch === null) throw new AppError('archive.error.notarchived', 409);
      if (archive.busy(eventId)) throw new AppError('archive.error.busy', 409);
      const files = await eventFiles(eventId);
      const [main] = files;
      if (!main) throw new AppError('archive.error.missing', 409);
      const { teams, fixes } = fixesOf(main.bytes, eventId);
      const result = { dryRun: body.dryRun, teams, fixes, written: [] as string[] };
      if (body.dryRun || fixes.length === 0) return result;

      // Restoring or archiving may have begun meanwhile: the files are then theirs.
      const again = await store.events.findById(eventId);
      if (again?.arch !== row.arch || archive.busy(eventId)) {
        throw new AppError('archive.error.busy', 409);
      }
      const written: TierFile[] = [];
      const putBack = async () => {
        for (const file of written) await file.tier.write(file.name, file.bytes);
      };
      try {
        for (const file of files) {
          const next = withColours(file.bytes, fixes);
          written.push(file);
          await file.tier.write(file.name, next);
          if (!sameBytes(await file.tier.read(file.name), next)) {
            throw new AppError('archive.error.verify', 500);
          }
        }
        await store.audit.insert([
          auditRow(
            now(),
            actor,
            eventId,
            'archive.colours',
            `teams/${eventId}/list`,
            Object.fromEntries(fixes.map((f) => [f.teamId, f.old])),
            Object.fromEntries(fixes.map((f) => [f.teamId, f.col])),
          ),
        ]);
      } catch (error) {
        await putBack();
        throw error;
      } finally {
        archive.forgetRead(eventId);
      }
      bus.publish(eventTopic(eventId), {
        v: 1,
        type: 'event.changed',
        eventId,
        what: ['teams'],
      });
      return { ...result, written: files.map((f) => fileLocation(f.tier, eventId)) };
    },
  };
}
export type ArchiveToolsService = ReturnType<typeof archiveToolsService>;
