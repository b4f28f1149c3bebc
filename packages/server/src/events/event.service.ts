import {
  DEFAULT_EVENT_TYPE,
  DEFAULT_MARKING_DISTANCE_M,
  DEFAULT_SPEED,
  SETTINGS_BY_KEY,
  eventTopic,
  isEndTimeValid,
  isValidShortlink,
  isRichTextSetting,
  textCopies,
  textCopiesKey,
  textWithCopies,
  validateSettingsValues,
} from '@rada/core';
import type {
  CreateEventBody,
  EventAdmin,
  EventChange,
  EventFile,
  EventLists,
  MapImageFileEntry,
  EventSettingsView,
  EventSummary,
  ExistsAnswer,
  SettingsPatch,
  UpdateEventBody,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { asJsonMap, fromJsonMap, toJson } from '../db/json.ts';
import { sanitizeRichText } from '../richText/sanitize.ts';
import { auditRow } from '../db/audit.ts';
import type { AuditRow } from '../db/audit.ts';
import type { Repos, Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import { fileToRows, rowsToFile } from '../eventFile/eventFileMapping.ts';
import type { EventRows } from '../eventFile/eventFileMapping.ts';
import { checkedEventFile, refuseUnknownAdmins } from '../eventFile/eventFileCheck.ts';
import {
  canDeleteEvent,
  canEditEvent,
  canManageAdmins,
  canReadEventPrivate,
  type EventAccess,
} from '../policies/event.policy.ts';
import { canCreateEvent } from '../policies/platform.policy.ts';
import type { MapTransfer } from '../mapImages/mapTransfer.ts';
import { eventFileText } from '../eventFile/eventFileText.ts';
import type { Readable } from 'node:stream';
import { presentEvent } from './event.presenter.ts';
import type { EventRow } from './event.repository.ts';

export interface EventServiceDeps {
  store: Store;
  bus: Bus;
  now: () => number;
  /** An event's rows; an archived event's come from its archive (archive.service.ts). */
  readRows?: (eventId: string) => Promise<EventRows | undefined>;
  /** Deletes a deleted event's archive files (archive.service.ts forget). */
  forgetArchive?: (eventId: string) => Promise<void>;
  /** Removes the map images a deleted event showed that nothing else uses (mapImages/). */
  forgetMaps?: (mapIds: readonly string[]) => Promise<void>;
  /**
   * The event's map images in the event file (mapImages/mapTransfer.ts); without it a file's
   * `mapimages` are left out of exports and ignored by imports.
   */
  maps?: Pick<MapTransfer, 'fileEntries' | 'originals' | 'withData' | 'prepare' | 'share'> | null;
}

/** How far a copy's times move: its start minus the source's (0 when either has none). */
const shiftOf = (from: number | null | undefined, to: number | null | undefined) =>
  typeof from === 'number' && typeof to === 'number' ? to - from : 0;

const UPCOMING_LIMIT = 100;

/** Events: listing, creation (fresh, duplicate, template), settings, admins, export and import. */
export function eventService({
  store,
  bus,
  now,
  readRows = store.eventFiles.readAll,
  forgetArchive = () => Promise.resolve(),
  forgetMaps = () => Promise.resolve(),
  maps = null,
}: EventServiceDeps) {
  const changed = (eventId: string, what: EventChange[]) =>
    bus.publish(eventTopic(eventId), { v: 1, type: 'event.changed', eventId, what });

  /** Loads an event with the actor's access to it; 404 when there is none. */
  async function load(
    actor: Actor | null,
    id: string,
  ): Promise<{ row: EventRow; access: EventAccess }> {
    const row = await store.events.findById(id);
    if (!row) throw notFound();
    const role = actor ? await store.events.roleOf(id, actor.uid) : null;
    return { row, access: { actor, role, hidden: row.hidden === 1 } };
  }

  async function require(
    actor: Actor | null,
    id: string,
    policy: (a: EventAccess) => boolean,
  ): Promise<{ row: EventRow; access: EventAccess }> {
    const loaded = await load(actor, id);
    if (!policy(loaded.access)) throw actor ? forbidden() : unauthorized();
    return loaded;
  }

  async function summary(row: EventRow, access: EventAccess): Promise<EventSummary> {
    const settings = fromJsonMap((await store.events.findData(row.id))?.settings);
    const described = settings.description || textCopies(settings, 'description');
    return {
      ...presentEvent(row, access.role, settings),
      ...(described ? textWithCopies(settings, 'description') : {}),
    };
  }

  async function settingsView(row: EventRow, access: EventAccess): Promise<EventSettingsView> {
    const data = await store.events.findData(row.id);
    const settings = fromJsonMap(data?.settings);
    const evdoc = fromJsonMap(data?.evdoc);
    return {
      event: presentEvent(row, access.role, settings),
      settings,
      speed: { ...(evdoc.speed as Record<string, number> | undefined) },
    };
  }

  async function adminList(eventId: string): Promise<EventAdmin[]> {
    const admins = await store.events.admins(eventId);
    const users = new Map(
      (await store.users.findByIds(admins.map((a) => a.user_id))).map((u) => [u.id, u]),
    );
    return admins
      .map((a) => ({
        uid: a.user_id,
        role: a.role === 'owner' ? ('owner' as const) : ('admin' as const),
        displayName: users.get(a.user_id)?.display_name ?? '*** Unknown ***',
        email: users.get(a.user_id)?.email ?? '',
      }))
      .sort((a, b) =>
        a.role === b.role
          ? a.displayName.localeCompare(b.displayName)
          : a.role === 'owner'
            ? -1
            : 1,
      );
  }

  /**
   * A blank event file for a fresh event with the product's defaults (spec 01 §9): its type's
   * marking distance (DEFAULT_MARKING_DISTANCE_M), in the settings and mirrored in the record.
   */
  function freshFile(name: string): EventFile {
    const maxmarkingdistance = DEFAULT_MARKING_DISTANCE_M[DEFAULT_EVENT_TYPE];
    return {
      events: {
        name,
        map: { default: { type: 'osm', conf: {} }, userlayers: [] },
        data: { kpsinweb: false, maxmarkingdistance },
      },
      eventsdata: {
        data: { type: DEFAULT_EVENT_TYPE, kpsinweb: false, maxmarkingdistance },
        conf: {},
        docver: 1,
      },
      teams: {},
      // No limit: it follows the type (speed.ts speedSettingsOf) until the organiser sets one.
      evdoc: { speed: { ...DEFAULT_SPEED }, speedareas: {} },
    };
  }

  /**
   * The part of a source event that a new event copies: settings, configuration, the event
   * document and checkpoints; never teams, answers, deleted KPs or issues.
   */
  function copyableParts(source: EventFile, keepAdmins: boolean): EventFile {
    const { admins, arch: _arch, ...record } = source.events;
    const ed = source.eventsdata;
    return {
      events: { ...record, ...(keepAdmins && admins ? { admins } : {}) },
      eventsdata: {
        data: ed.data ?? {},
        conf: ed.conf ?? {},
        kp: ed.kp ?? {},
        kpdata: ed.kpdata ?? {},
        kpanswer: ed.kpanswer ?? {},
        printitems: ed.printitems ?? {},
        docver: ed.docver ?? 1,
      },
      teams: {},
      evdoc: source.evdoc,
    };
  }

  async function insertFile(repos: Repos, id: string, file: EventFile): Promise<EventRow> {
    const rows = fileToRows(file, id, now());
    await repos.eventFiles.insertAll(rows);
    return rows.event;
  }

  /**
   * The event file of an event the caller may read privately, its map images without their bytes
   * (those whose original MAPS_DIR holds; an archived event's map images stay live, so they are
   * read here too), and where their originals are.
   */
  async function exportParts(
    actor: Actor | null,
    id: string,
  ): Promise<{
    file: EventFile;
    mapimages: Record<string, MapImageFileEntry>;
    originals: Record<string, string>;
  }> {
    await require(actor, id, canReadEventPrivate);
    const rows = await readRows(id);
    if (!rows) throw notFound();
    const file = rowsToFile(rows);
    if (!maps) return { file, mapimages: {}, originals: {} };
    const entries = await maps.fileEntries(store, id);
    const originals = await maps.originals(id, entries);
    const mapimages = Object.fromEntries(
      Object.entries(entries).filter(([key]) => key in originals),
    );
    return {
      file: Object.keys(mapimages).length > 0 ? { ...file, mapimages } : file,
      mapimages,
      originals,
    };
  }

  /**
   * Writes a whole new event in one transaction, with `more` rows of it (its map images); a short
   * link taken meanwhile answers 409 too.
   */
  async function insertNew(
    id: string,
    file: EventFile,
    more: (repos: Repos) => Promise<unknown> = () => Promise.resolve(),
  ): Promise<EventRow> {
    try {
      return await store.transaction(async (repos) => {
        if (await repos.events.exists(id)) throw new AppError('createevent.err.exists', 409);
        const row = await insertFile(repos, id, file);
        await more(repos);
        return row;
      });
    } catch (e) {
      // A concurrent request inserted the same link after our check: the unique index refused ours.
      if (!(e instanceof AppError) && (await store.events.exists(id))) {
        throw new AppError('createevent.err.exists', 409);
      }
      throw e;
    }
  }

  return {
    load,

    async list(actor: Actor | null): Promise<EventLists> {
      const [administered, takingPart] = actor
        ? await Promise.all([
            store.events.listForUser(actor.uid),
            store.events.listTakingPart(actor.uid),
          ])
        : [[], []];
      const upcoming = await store.events.listUpcoming(now(), UPCOMING_LIMIT);
      const mineIds = new Map(
        administered.map((r) => [
          r.id,
          r.role === 'owner' ? ('owner' as const) : ('admin' as const),
        ]),
      );
      // One entry an event: its role for an admin, its (first) team for a participant, or both.
      const teams = new Map<string, { id: string; name: string }>();
      for (const r of takingPart) {
        if (!teams.has(r.id)) teams.set(r.id, { id: r.team_id, name: r.team_name });
      }
      const rows = [...administered, ...takingPart.filter((r) => !mineIds.has(r.id))].filter(
        (r, i, all) => all.findIndex((o) => o.id === r.id) === i,
      );
      rows.sort((a, b) => (b.starttime ?? 0) - (a.starttime ?? 0));
      return {
        mine: rows.map((r) => ({
          ...presentEvent(r, mineIds.get(r.id) ?? null, fromJsonMap(r.settings)),
          team: teams.get(r.id) ?? null,
        })),
        upcoming: upcoming.map((r) =>
          presentEvent(r, mineIds.get(r.id) ?? null, fromJsonMap(r.settings)),
        ),
      };
    },

    async exists(actor: Actor | null, link: string): Promise<ExistsAnswer> {
      if (!actor) throw unauthorized();
      const valid = isValidShortlink(link);
      return { valid, exists: valid ? await store.events.exists(link) : false };
    },

    /** Creates an event: fresh, a duplicate of `duplicateOf`, or from a template file. */
    async create(
      actor: Actor | null,
      body: z.output<typeof CreateEventBody>,
    ): Promise<EventSummary> {
      if (!actor) throw unauthorized();
      if (!canCreateEvent(actor)) throw new AppError('guide.nocreatorpermission', 403);
      if (!isValidShortlink(body.shortlink)) throw new AppError('createevent.err.badlink', 400);
      if (!isEndTimeValid(body.starttime, body.endtime))
        throw new AppError('starttime.error.noorbadtime', 400);

      let file: EventFile;
      // A duplicate shows the same map images; a template brings its own (mapTransfer.ts).
      let shareMaps: { from: string; shiftMs: number } | null = null;
      let templateMaps: { mapimages: EventFile['mapimages']; shiftMs: number } | null = null;
      if (body.duplicateOf !== undefined) {
        const source = await readRows(body.duplicateOf);
        if (!source) throw new AppError('createevent.err.notfound', 404);
        const role = await store.events.roleOf(body.duplicateOf, actor.uid);
        if (!canReadEventPrivate({ actor, role, hidden: source.event.hidden === 1 }))
          throw forbidden();
        // What is copied passes the same checks as a template (older events may predate them).
        file = checkedEventFile(copyableParts(rowsToFile(source), !body.removePermissions));
        shareMaps = {
          from: body.duplicateOf,
          shiftMs: shiftOf(source.event.starttime, body.starttime),
        };
      } else if (body.template !== undefined) {
        const template = checkedEventFile(body.template);
        file = copyableParts(template, !body.removePermissions);
        templateMaps = {
          mapimages: template.mapimages,
          shiftMs: shiftOf(template.events.starttime, body.starttime),
        };
      } else {
        file = freshFile(body.name);
      }
      await refuseUnknownAdmins(file, store.eventFiles);
      const admins = { ...(file.events.admins ?? {}) };
      for (const [uid, role] of Object.entries(admins)) if (role === 'owner') admins[uid] = 'admin';
      admins[actor.uid] = 'owner';
      file = {
        ...file,
        events: {
          ...file.events,
          name: body.name,
          starttime: body.starttime,
          endtime: body.endtime,
          hidden: false,
          admins,
        },
      };

      // Read and checked (each image decoded) once nothing cheaper refuses the new event.
      const prepared =
        maps && templateMaps
          ? await maps.prepare(templateMaps.mapimages, {
              keepPublished: false,
              shiftMs: templateMaps.shiftMs,
              now: now(),
            })
          : null;
      try {
        const row = await insertNew(body.shortlink, file, async (repos) => {
          if (maps && shareMaps)
            await maps.share(repos, shareMaps.from, body.shortlink, shareMaps.shiftMs);
          await prepared?.insert(repos, body.shortlink, actor.uid);
        });
        await prepared?.keep();
        return presentEvent(row, 'owner', fromJsonMap(toJson(file.eventsdata.data)));
      } finally {
        await prepared?.drop();
      }
    },

    async get(actor: Actor | null, id: string): Promise<EventSummary> {
      const { row, access } = await load(actor, id);
      return summary(row, access);
    },

    async update(
      actor: Actor | null,
      id: string,
      body: z.output<typeof UpdateEventBody>,
    ): Promise<EventSummary> {
      const { row, access } = await require(actor, id, canEditEvent);
      const starttime = body.starttime ?? row.starttime;
      const endtime = body.endtime === undefined ? row.endtime : body.endtime;
      if (!isEndTimeValid(starttime, endtime))
        throw new AppError('starttime.error.noorbadtime', 400);
      await store.events.update(id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.starttime !== undefined ? { starttime: body.starttime } : {}),
        ...(body.endtime !== undefined ? { endtime: body.endtime } : {}),
        ...(body.hidden !== undefined ? { hidden: body.hidden ? 1 : 0 } : {}),
        updated_at: now(),
      });
      changed(id, ['event']);
      return summary((await store.events.findById(id)) ?? row, access);
    },

    /**
     * Deletes the event with its links to map images in one transaction; an archived one's
     * archive files go with it (forgetArchive), and the map images nothing else uses (forgetMaps).
     */
    async remove(actor: Actor | null, id: string): Promise<void> {
      const { row } = await require(actor, id, canDeleteEvent);
      const mapIds = await store.transaction(async (repos) => {
        const ids = await repos.mapImages.unlinkEvent(id);
        await repos.events.delete(id);
        return ids;
      });
      changed(id, ['event']);
      // After the row: a failure here leaves files without an event, never an event without files.
      await forgetMaps(mapIds);
      if (row.arch !== null) await forgetArchive(id);
    },

    async getSettings(actor: Actor | null, id: string): Promise<EventSettingsView> {
      const { row, access } = await require(actor, id, canReadEventPrivate);
      return settingsView(row, access);
    },

    /** Applies a settings change; null clears a key. The event record mirrors kpsinweb and maxmarkingdistance. */
    async patchSettings(
      actor: Actor | null,
      id: string,
      patch: SettingsPatch,
    ): Promise<EventSettingsView> {
      const { row, access } = await require(actor, id, canEditEvent);
      const problems = validateSettingsValues(patch.settings ?? {});
      if (problems.length > 0) throw new AppError('error.validation', 400, problems);
      await store.transaction(async (repos) => {
        const data = await repos.events.findData(id);
        if (!data) throw notFound();
        const settings = fromJsonMap(data.settings);
        // One log entry per setting that changes (its old and new value; null: removed).
        const audit: AuditRow[] = [];
        const note = (action: string, path: string, old: unknown, value: unknown) => {
          if (JSON.stringify(old ?? null) === JSON.stringify(value ?? null)) return;
          audit.push(auditRow(now(), actor, id, action, path, old ?? null, value ?? null));
        };
        for (const [key, raw] of Object.entries(patch.settings ?? {})) {
          if (!SETTINGS_BY_KEY.has(key)) continue;
          const value =
            isRichTextSetting(key) && typeof raw === 'string' ? sanitizeRichText(raw) : raw;
          note('settings.update', `eventsdata/${id}/data/${key}`, settings[key], value);
          if (value === null) delete settings[key];
          else settings[key] = value;
        }
        // Language copies of the rich texts, at {key}_i18n/{lang} (spec 01 §3).
        for (const [key, byLang] of Object.entries(patch.copies ?? {})) {
          const copiesKey = textCopiesKey(key);
          const copies = { ...asJsonMap(settings[copiesKey]) };
          for (const [lang, text] of Object.entries(byLang ?? {})) {
            const value = text === null || text === '' ? null : sanitizeRichText(text);
            note(
              'settings.update',
              `eventsdata/${id}/data/${copiesKey}/${lang}`,
              copies[lang],
              value,
            );
            if (value === null) delete copies[lang];
            else copies[lang] = value;
          }
          if (Object.keys(copies).length === 0) delete settings[copiesKey];
          else settings[copiesKey] = copies;
        }
        const evdoc = fromJsonMap(data.evdoc);
        const speed: Record<string, unknown> = {
          ...(evdoc.speed as Record<string, unknown> | undefined),
        };
        for (const [key, value] of Object.entries(patch.speed ?? {})) {
          note('settings.speed', `eventsdata/${id}/evdoc/speed/${key}`, speed[key], value);
          if (value === null) delete speed[key];
          else speed[key] = value;
        }
        await repos.audit.insert(audit);
        await repos.events.updateData(id, {
          settings: toJson(settings),
          evdoc: toJson({ ...evdoc, speed }),
        });
        const current = await repos.events.findById(id);
        const record = fromJsonMap(current?.record);
        const mirror: Record<string, unknown> = {
          ...(record.data as Record<string, unknown> | undefined),
        };
        for (const key of ['kpsinweb', 'maxmarkingdistance']) {
          if (key in settings) mirror[key] = settings[key];
          else delete mirror[key];
        }
        await repos.events.update(id, {
          record: toJson({ ...record, data: mirror }),
          updated_at: now(),
        });
      });
      changed(id, ['settings']);
      return settingsView(row, access);
    },

    async admins(actor: Actor | null, id: string): Promise<EventAdmin[]> {
      await require(actor, id, canManageAdmins);
      return adminList(id);
    },

    async addAdmin(actor: Actor | null, id: string, uid: string): Promise<EventAdmin[]> {
      await require(actor, id, canManageAdmins);
      if (!(await store.users.findById(uid))) throw new AppError('admins.error.unknownuser', 404);
      if ((await store.events.roleOf(id, uid)) === null) {
        await store.transaction(async (repos) => {
          await repos.events.setAdmin(id, uid, 'admin');
          await repos.audit.insert([
            auditRow(now(), actor, id, 'admins.add', `events/${id}/admins/${uid}`, null, 'admin'),
          ]);
        });
      }
      changed(id, ['admins']);
      return adminList(id);
    },

    async removeAdmin(actor: Actor | null, id: string, uid: string): Promise<EventAdmin[]> {
      await require(actor, id, canManageAdmins);
      const role = await store.events.roleOf(id, uid);
      if (role === 'owner') throw new AppError('admins.error.owner', 409);
      if (role !== null) {
        await store.transaction(async (repos) => {
          await repos.events.removeAdmin(id, uid);
          await repos.audit.insert([
            auditRow(now(), actor, id, 'admins.remove', `events/${id}/admins/${uid}`, role, null),
          ]);
        });
      }
      changed(id, ['admins']);
      return adminList(id);
    },

    /**
     * Hands the event to another of its admins, who becomes the owner while the old owner stays
     * an admin; only the owner or a super admin may (canDeleteEvent: the owner's own powers).
     * 409 admins.error.notadmin for a user who is not an admin of the event. Publishes `admins`.
     */
    async transferOwner(actor: Actor | null, id: string, uid: string): Promise<EventAdmin[]> {
      await require(actor, id, canDeleteEvent);
      await store.transaction(async (repos) => {
        const role = await repos.events.roleOf(id, uid);
        if (role === 'owner') return;
        if (role === null) throw new AppError('admins.error.notadmin', 409);
        const owners: string[] = [];
        for (const a of await repos.events.admins(id)) {
          if (a.role !== 'owner') continue;
          owners.push(a.user_id);
          await repos.events.setAdmin(id, a.user_id, 'admin');
        }
        await repos.events.setAdmin(id, uid, 'owner');
        await repos.audit.insert([
          auditRow(now(), actor, id, 'admins.owner', `events/${id}/admins`, owners[0] ?? null, uid),
        ]);
      });
      changed(id, ['admins']);
      return adminList(id);
    },

    /** The whole event as an event file (spec 04), its map images' bytes read into it. */
    async exportFile(actor: Actor | null, id: string): Promise<EventFile> {
      const { file, mapimages, originals } = await exportParts(actor, id);
      if (!maps || !file.mapimages) return file;
      return { ...file, mapimages: await maps.withData(mapimages, originals) };
    },

    /**
     * The export's text (`JSON.stringify(file, null, 2)`, the route's and the command line's):
     * a string, or with map images a stream that reads their bytes from MAPS_DIR on the way
     * (eventFileText.ts), so a large map never sits in memory.
     */
    async exportText(actor: Actor | null, id: string): Promise<string | Readable> {
      const { file, originals } = await exportParts(actor, id);
      return file.mapimages ? eventFileText(file, originals) : JSON.stringify(file, null, 2);
    },

    /**
     * Imports a whole event file as event `id`, exactly as it is (admins included, also those
     * without an account here: moving an event between platforms keeps them, shown as unknown).
     * For the command line, which runs with the machine owner's authority and warns about them.
     * The file is checked like a template; nothing is written on refusal.
     */
    async importFile(value: unknown, id: string): Promise<EventSummary> {
      const file = checkedEventFile(value);
      if (!isValidShortlink(id)) throw new AppError('createevent.err.badlink', 400);
      // The map images as they were (published, publicFrom), owned by the event's owner when
      // that account is here.
      const prepared = maps
        ? await maps.prepare(file.mapimages, { keepPublished: true, shiftMs: 0, now: now() })
        : null;
      try {
        const ownerUid = Object.entries(file.events.admins ?? {}).find(
          ([, r]) => r === 'owner',
        )?.[0];
        const owner =
          ownerUid && (await store.eventFiles.existingUsers([ownerUid])).has(ownerUid)
            ? ownerUid
            : null;
        const row = await insertNew(id, file, (repos) =>
          prepared ? prepared.insert(repos, id, owner) : Promise.resolve(),
        );
        await prepared?.keep();
        return presentEvent(row, null, file.eventsdata.data ?? {});
      } finally {
        await prepared?.drop();
      }
    },
  };
}
export type EventService = ReturnType<typeof eventService>;
