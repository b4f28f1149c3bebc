import { parseClasses, planTeamImport, teamColourAt } from '@rada/core';
import type {
  ImportTeamFields,
  ImportTeamState,
  ImportTeamsBody,
  TeamImportPlan,
  TeamImportResult,
  TeamImportRowPlan,
} from '@rada/core';
import type { z } from 'zod';
import type { Actor } from '../auth/actor.ts';
import { fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import { newId } from '../db/ids.ts';
import type { Repos } from '../db/store.ts';
import { checkTeamTimes, storedNr } from './team.context.ts';
import type { TeamContext } from './team.context.ts';
import { classOf, ms } from './team.presenter.ts';
import type { TeamRow } from './team.repository.ts';
import { backupAndDeleteTeam } from './teamBackup.service.ts';

type Body = z.output<typeof ImportTeamsBody>;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const texts = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];

/** A stored team as the import plan sees it: its list entry, contact and registration. */
function teamState(row: TeamRow, regdata: JsonMap | undefined): ImportTeamState {
  const list = fromJsonMap(row.list);
  const data = fromJsonMap(row.data);
  return {
    id: row.id,
    name: row.name,
    nr: row.nr,
    klassid: classOf(list.klassid),
    starttime: ms(list.starttime),
    members: texts(regdata?.members),
    club: text(regdata?.club),
    email: text(data.email) ?? text(regdata?.email),
    phone: text(data.phone) ?? text(regdata?.phone),
  };
}

/** The event's `klassid` setting with classes added, in the form it is stored (map or list). */
function withClasses(stored: unknown, added: readonly { id: string; name: string }[]): unknown {
  if (Array.isArray(stored)) return [...stored, ...added.map((c) => ({ id: c.id, name: c.name }))];
  const map: JsonMap = stored && typeof stored === 'object' ? { ...(stored as JsonMap) } : {};
  for (const c of added) map[c.id] = c.name;
  return map;
}

/**
 * The team import (docs/team-import.md): POST /api/events/:id/teams/import. The body's rows are
 * planned again here against the stored teams (core planTeamImport; the client's preview is not
 * trusted) and the whole plan is written in one transaction: new classes into `klassid`, removed
 * teams into the deleted store, new teams, filled blanks; every change audited.
 */
export function teamImportService(ctx: TeamContext) {
  return {
    async importTeams(actor: Actor | null, eventId: string, body: Body): Promise<TeamImportResult> {
      const event = await ctx.requireWrite(actor, eventId);
      checkTeamTimes(
        event,
        body.teams.map((t, i) => [`teams.${i}.starttime`, t.starttime]),
      );
      /** The plan against what is stored now (in the write's transaction, or alone for a dry run). */
      const planned = async (repos: Repos) => {
        const rows = await repos.teams.list(eventId);
        const regs = new Map(
          (await repos.registrations.forEvent(eventId)).map((r) => [r.team_id, r]),
        );
        const data = await repos.events.findData(eventId);
        const settings = fromJsonMap(data?.settings);
        const existing = rows.map((r) => {
          const reg = regs.get(r.id);
          return teamState(r, reg ? fromJsonMap(reg.regdata) : undefined);
        });
        const plan = planTeamImport(
          existing,
          parseClasses(settings.klassid),
          body.teams,
          body.mode,
        );
        return { rows, regs, settings, plan };
      };
      if (body.dryRun) {
        const { plan } = await planned(ctx.store);
        return { ...summary(plan), plan: rowPlans(body.teams.length, plan) };
      }
      const result = await ctx.write(eventId, async (repos) => {
        const { rows, regs, settings, plan } = await planned(repos);
        const audits = [];

        if (plan.newClasses.length > 0) {
          const klassid = withClasses(settings.klassid, plan.newClasses);
          audits.push(
            ctx.audit(
              actor,
              eventId,
              'settings.update',
              `eventsdata/${eventId}/data/klassid`,
              settings.klassid,
              klassid,
            ),
          );
          await repos.events.updateData(eventId, {
            settings: toJson({ ...settings, klassid }),
          });
        }

        const removing = new Set(plan.remove);
        for (const row of rows) {
          if (removing.has(row.id)) await backupAndDeleteTeam(ctx, repos, actor, row);
        }

        let count = rows.length - removing.size;
        for (const add of plan.add) {
          const id = newId();
          const list: JsonMap = {
            name: add.name,
            nr: storedNr(add.nr),
            col: teamColourAt(count++),
            allowed: true,
            ...(add.klassid !== undefined ? { klassid: add.klassid } : {}),
            ...(add.starttime !== undefined ? { starttime: add.starttime } : {}),
          };
          const contact: JsonMap = {
            ...(add.email !== undefined ? { email: add.email } : {}),
            ...(add.phone !== undefined ? { phone: add.phone } : {}),
          };
          await repos.teams.insert({
            event_id: eventId,
            id,
            name: add.name,
            nr: add.nr,
            list: toJson(list),
            data: toJson(Object.keys(contact).length > 0 ? contact : null),
            trackstat: null,
          });
          const regdata: JsonMap = {
            ...contact,
            ...(add.members !== undefined ? { members: add.members } : {}),
            ...(add.club !== undefined ? { club: add.club } : {}),
          };
          if (Object.keys(regdata).length > 0 || add.entryTime !== undefined) {
            await repos.registrations.insert({
              event_id: eventId,
              team_id: id,
              user_id: null,
              regdata: toJson({ teamname: add.name, ...regdata }),
              regtime: add.entryTime ?? null,
            });
          }
          audits.push(
            ctx.audit(actor, eventId, 'team.create', `teams/${id}/list`, undefined, list),
          );
        }

        const byId = new Map(rows.map((r) => [r.id, r]));
        for (const update of plan.update) {
          const row = byId.get(update.id);
          if (!row) continue;
          const parts = teamFill(update.fill);
          await fillTeam(repos, row, parts, regs.get(row.id)?.regdata);
          for (const [where, part] of [
            ['list', parts.list],
            ['data', parts.data],
            ['data/regdata', parts.reg],
          ] as const) {
            for (const [field, value] of Object.entries(part)) {
              const path = `teams/${row.id}/${where}/${field}`;
              audits.push(ctx.audit(actor, eventId, 'team.update', path, null, value));
            }
          }
        }

        const result = summary(plan);
        audits.push(
          ctx.audit(actor, eventId, 'team.import', `teams/${eventId}`, null, {
            mode: body.mode,
            ...result,
          }),
        );
        await repos.teams.insertAudit(audits);
        return result;
      });
      ctx.changed(eventId, result.newClasses.length > 0 ? ['settings'] : []);
      return result;
    },
  };
}

/** What a plan does, as the import answers it. */
function summary(plan: TeamImportPlan): TeamImportResult {
  return {
    added: plan.add.length,
    updated: plan.update.length,
    removed: plan.remove.length,
    skipped: plan.skipped.length,
    newClasses: plan.newClasses.map((c) => c.name),
  };
}

/** The plan per row index, for the preview. */
function rowPlans(count: number, plan: TeamImportPlan): TeamImportRowPlan[] {
  const out: TeamImportRowPlan[] = Array.from({ length: count }, () => ({ action: 'exists' }));
  for (const a of plan.add) out[a.index] = { action: 'add' };
  for (const u of plan.update) out[u.index] = { action: 'update', fields: Object.keys(u.fill) };
  for (const k of plan.skipped) out[k.index] = { action: k.reason };
  return out;
}

/** Writes the blanks an import fills: list fields, contact in the team's data, the rest in its registration. */
async function fillTeam(
  repos: Repos,
  row: TeamRow,
  { list, data, reg }: ReturnType<typeof teamFill>,
  regdataText: string | undefined,
): Promise<void> {
  const eventId = row.event_id;
  if (Object.keys(list).length > 0) {
    const next = { ...fromJsonMap(row.list), ...list };
    if (list.nr !== undefined) next.nr = storedNr(list.nr as string);
    await repos.teams.updateList(
      eventId,
      row.id,
      row.name,
      toJson(next),
      (list.nr as string | undefined) ?? undefined,
    );
  }
  if (Object.keys(data).length > 0) {
    await repos.teams.updateData(eventId, row.id, toJson({ ...fromJsonMap(row.data), ...data }));
  }
  if (Object.keys(reg).length > 0) {
    if (regdataText === undefined) {
      await repos.registrations.insert({
        event_id: eventId,
        team_id: row.id,
        user_id: null,
        regdata: toJson({ teamname: row.name, ...reg }),
        regtime: null,
      });
    } else {
      await repos.registrations.updateRegdata(
        eventId,
        row.id,
        toJson({ ...fromJsonMap(regdataText), ...reg }),
      );
    }
  }
}

/** Splits filled fields by where they are stored. */
function teamFill(fill: ImportTeamFields): { list: JsonMap; data: JsonMap; reg: JsonMap } {
  const list: JsonMap = {};
  const data: JsonMap = {};
  const reg: JsonMap = {};
  if (fill.nr !== undefined) list.nr = fill.nr;
  if (fill.klassid !== undefined) list.klassid = fill.klassid;
  if (fill.starttime !== undefined) list.starttime = fill.starttime;
  if (fill.email !== undefined) data.email = fill.email;
  if (fill.phone !== undefined) data.phone = fill.phone;
  if (fill.members !== undefined) reg.members = fill.members;
  if (fill.club !== undefined) reg.club = fill.club;
  return { list, data, reg };
}
