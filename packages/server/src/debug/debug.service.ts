import {
  FIND_RADIUS_KM,
  WEB_CLIENTS_REPORT_MS,
  archiveState,
  distanceKm,
  rawDocPath,
  versionTables,
} from '@rada/core';
import type {
  RawDoc,
  RawDocView,
  DebugCode,
  DebugDevice,
  EventIssue,
  GpsState,
  NearbyEvent,
  RecodeBody,
  RecodeResult,
  VersionsView,
  WebClient,
} from '@rada/core';
import type { ClientRegistry, LocalClient } from '../realtime/clients.ts';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import { asJsonMap, fromJsonMap } from '../db/json.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { canManageEvents } from '../policies/platform.policy.ts';
import { requireEventAdmin } from '../teams/eventAdmin.ts';
import { auditRow } from '../db/audit.ts';
import { decodeChunk, encodeChunk } from '../tracks/track.chunks.ts';
import { rowsToFile } from '../eventFile/eventFileMapping.ts';
import type { EventRows } from '../eventFile/eventFileMapping.ts';

/** An hour, for "points in the last hour". */
const HOUR_MS = 3_600_000;
/** A month of the version distribution's period. */
const MONTH_MS = 30 * 24 * HOUR_MS;

/** A KP's location from its data document, if it has a usable one. */
function locationOf(data: string): { lat: number; lng: number } | null {
  const loc = fromJsonMap(data).loc as { lat?: unknown; lng?: unknown } | undefined;
  if (!loc || typeof loc.lat !== 'number' || typeof loc.lng !== 'number') return null;
  return Number.isFinite(loc.lat) && Number.isFinite(loc.lng)
    ? { lat: loc.lat, lng: loc.lng }
    : null;
}

/** The issues of events' extra documents, newest first (those without a time last). */
function issuesOf(rows: { id: string; name: string; extra: string }[]): EventIssue[] {
  const out: EventIssue[] = [];
  for (const row of rows) {
    const eventsdata = asJsonMap(fromJsonMap(row.extra).eventsdata);
    for (const [id, value] of Object.entries(asJsonMap(eventsdata.issues))) {
      const issue = asJsonMap(value);
      out.push({
        eventId: row.id,
        eventName: row.name,
        id,
        text: typeof issue.text === 'string' ? issue.text : '',
        devid: typeof issue.devid === 'string' ? issue.devid : null,
        time: typeof issue.time === 'number' ? issue.time : null,
      });
    }
  }
  return out.sort((a, b) => (b.time ?? -Infinity) - (a.time ?? -Infinity));
}

/**
 * The super admin's debug tools (spec 02 §2), each a view over the platform's real data: the
 * join codes, events near a point, devices whose points reach no team, an event's GPS state,
 * and an event's stored documents.
 */
export function debugService({
  store,
  now,
  clients,
  readRows = (eventId) => store.eventFiles.readAll(eventId),
}: {
  store: Store;
  now: () => number;
  clients: ClientRegistry;
  /** An event's rows: the live ones, or an archived event's from its evdata.json. */
  readRows?: (eventId: string) => Promise<EventRows | undefined>;
}) {
  /** Writes this process's clients, so every process's list can be read (WEB_CLIENTS_REPORT_MS). */
  const reportClients = () =>
    store.debug.saveClients(clients.server, JSON.stringify(clients.list()), now());

  function guard(actor: Actor | null) {
    if (!canManageEvents(actor)) throw actor ? forbidden() : unauthorized();
  }

  return {
    reportClients,

    /** The process stops: its clients are gone with it. */
    forgetClients: () => store.debug.deleteClients(clients.server),

    /**
     * The web clients connected to every server process now: this process's as they are, the
     * others' as last reported (within three report intervals), newest first.
     */
    async clients(actor: Actor | null): Promise<WebClient[]> {
      guard(actor);
      await reportClients();
      const reports = await store.debug.clientsSince(now() - 3 * WEB_CLIENTS_REPORT_MS);
      const all = reports.flatMap((r) =>
        (JSON.parse(r.clients) as LocalClient[]).map((c) => ({ ...c, server: r.server_id })),
      );
      const ids = [...new Set(all.flatMap((c) => (c.userId === null ? [] : [c.userId])))];
      const names = new Map((await store.users.findByIds(ids)).map((u) => [u.id, u.display_name]));
      return all
        .map((c) => ({ ...c, userName: c.userId === null ? null : (names.get(c.userId) ?? null) }))
        .sort((a, b) => b.since - a.since);
    },

    /**
     * One stored document of an event (the raw-data view): its record, data, team list or teams
     * as the event file holds them, an archived event's read from its archive.
     */
    async raw(actor: Actor | null, eventId: string, doc: RawDoc): Promise<RawDocView> {
      guard(actor);
      const rows = await readRows(eventId);
      if (!rows) throw notFound();
      const file = rowsToFile(rows);
      const teams = file.teams as Record<string, unknown>;
      const value = { event: file.events, data: file.eventsdata, list: teams.list, teams }[doc];
      return {
        eventId,
        doc,
        path: rawDocPath(eventId, doc),
        arch: archiveState(rows.event.arch),
        value: value ?? null,
      };
    },

    /** Every event's recorded issues (super admin). */
    async issues(actor: Actor | null): Promise<EventIssue[]> {
      guard(actor);
      return issuesOf(await store.debug.eventsWithIssues());
    },

    /** GET /events/:id/issues: the event's recorded issues, for its admins. */
    async eventIssues(actor: Actor | null, eventId: string): Promise<EventIssue[]> {
      await requireEventAdmin(store, actor, eventId);
      return issuesOf(await store.debug.eventsWithIssues(eventId));
    },

    /**
     * Re-encodes the event's stored track chunks with the current encoder (after a codec
     * change), in one transaction; a dry run only counts. Chunks that do not decode are left.
     */
    async recode(actor: Actor | null, body: z.output<typeof RecodeBody>): Promise<RecodeResult> {
      guard(actor);
      const eventId = body.event;
      if (!(await store.events.findById(eventId))) throw notFound();
      const result: RecodeResult = {
        dryRun: body.dryRun,
        chunks: 0,
        points: 0,
        changed: 0,
        bad: 0,
        bytesBefore: 0,
        bytesAfter: 0,
      };
      await store.transaction(async (repos) => {
        for (const chunk of await repos.debug.chunksOf(eventId)) {
          result.chunks++;
          const before = Buffer.byteLength(chunk.data, 'base64');
          result.bytesBefore += before;
          let data: string;
          try {
            const points = decodeChunk(chunk.data);
            result.points += points.length;
            data = encodeChunk(points);
          } catch {
            result.bad++;
            result.bytesAfter += before;
            continue;
          }
          result.bytesAfter += Buffer.byteLength(data, 'base64');
          if (data === chunk.data) continue;
          result.changed++;
          if (!body.dryRun) await repos.debug.setChunkData(eventId, chunk.id, data);
        }
        if (!body.dryRun && result.changed > 0) {
          await repos.audit.insert([
            auditRow(now(), actor, eventId, 'event.recode', `tracks/${eventId}`, null, {
              changed: result.changed,
              bytesBefore: result.bytesBefore,
              bytesAfter: result.bytesAfter,
            }),
          ]);
        }
      });
      return result;
    },

    async codes(actor: Actor | null): Promise<DebugCode[]> {
      guard(actor);
      return (await store.debug.codes()).map((r) => ({
        code: r.code,
        eventId: r.event_id,
        eventName: r.event_name,
        singleteam: r.singleteam === 1,
        valid: r.valid,
        usedBy: r.used_by,
      }));
    },

    /** Events with a KP within FIND_RADIUS_KM of the point, nearest first. */
    async nearby(actor: Actor | null, point: { lat: number; lng: number }): Promise<NearbyEvent[]> {
      guard(actor);
      const found = new Map<string, NearbyEvent>();
      for (const row of await store.debug.checkpointPlaces()) {
        const loc = locationOf(row.data);
        if (!loc) continue;
        const km = distanceKm(point, loc);
        if (km > FIND_RADIUS_KM) continue;
        const seen = found.get(row.event_id);
        if (seen) {
          seen.kps++;
          seen.nearestKm = Math.min(seen.nearestKm, km);
        } else {
          found.set(row.event_id, {
            id: row.event_id,
            name: row.name,
            starttime: row.starttime,
            kps: 1,
            nearestKm: km,
          });
        }
      }
      return [...found.values()].sort((a, b) => a.nearestKm - b.nearestKm);
    },

    async orphanDevices(actor: Actor | null): Promise<DebugDevice[]> {
      guard(actor);
      return (await store.debug.orphanDevices()).map((r) => ({
        id: r.id,
        eventId: r.event_id,
        userId: r.user_id,
        lastSeen: r.last_seen,
        lastPointAt: r.last_t,
        points: Number(r.points ?? 0),
        info: fromJsonMap(r.info),
      }));
    },

    /** The OS and app versions of the devices seen in the last `months`. */
    async versions(actor: Actor | null, months: number): Promise<VersionsView> {
      guard(actor);
      const devices = await store.debug.devicesSeen(now() - months * MONTH_MS);
      const tables = versionTables(devices.map((d) => ({ id: d.id, info: fromJsonMap(d.info) })));
      return { ...tables, months, total: devices.length };
    },

    async gps(actor: Actor | null, eventId: string): Promise<GpsState[]> {
      guard(actor);
      if (!(await store.events.findById(eventId))) throw notFound();
      return (await store.debug.eventDevices(eventId, now() - HOUR_MS)).map((r) => {
        const battery = fromJsonMap(r.trackstat).battery;
        return {
          deviceId: r.id,
          teamId: r.team_id,
          teamName: r.team_name,
          lastSeen: r.last_seen,
          lastPointAt: r.last_t,
          pointsLastHour: Number(r.recent ?? 0),
          battery: typeof battery === 'number' ? battery : null,
        };
      });
    },
  };
}
export type DebugService = ReturnType<typeof debugService>;
