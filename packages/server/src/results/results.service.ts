import {
  compareOptionalNr,
  eventTopic,
  nextStartAfter,
  parseClasses,
  RESPONSE_MARKS,
  scoringEventFromFile,
  scoringState,
  stateResults,
  teamSplits,
  updateTeams,
  visitStates,
} from '@rada/core';
import type {
  EventFile,
  ResponseCell,
  ScoringState,
  ResponsesView,
  ResultsDisplaySettings,
  ResultsView,
  TeamAnswerBody,
  TeamResult,
  TeamMembersView,
  TeamSplits,
} from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { fromJson, fromJsonMap, toJson } from '../db/json.ts';
import type { JsonMap } from '../db/json.ts';
import { timeId } from '../db/ids.ts';
import type { Store } from '../db/store.ts';
import type { Bus } from '../realtime/bus.ts';
import { rowsToFile } from '../eventFile/eventFileMapping.ts';
import type { EventRows } from '../eventFile/eventFileMapping.ts';
import type { EventAccess } from '../policies/event.policy.ts';
import {
  canEditAnswers,
  canReadResults,
  canSeeAnswers,
  canSeeWrongMarks,
} from '../policies/results.policy.ts';
import { isCheckpointWriteOpen } from '../policies/checkpoint.policy.ts';
import { coalescer } from './recalc.ts';
import { resultsJson, scoringCache, teamScoringData } from './scoringCache.ts';
import type { ResultPiece, ScoringEntry } from './scoringCache.ts';

export interface ResultsServiceDeps {
  store: Store;
  /** The raw bus: the service publishes `results` itself and must not trigger itself. */
  bus: Bus;
  now: () => number;
  /**
   * The scoring engine as at a time (`now()`); tests pass a counting wrapper. Without it, the
   * core engine, kept per event so that a change of some teams recomputes only those teams.
   */
  compute?: (file: EventFile, now: number) => TeamResult[];
  /**
   * The shortest time between the starts of two recalculations of one event: a change when
   * none ran lately is recalculated at once, a stream of changes once per this time.
   */
  debounceMs?: number;
  onError?: (eventId: string, error: unknown) => void;
  /** After each recalculation run (logged: operators and the two-server test count them). */
  onRecalculated?: (eventId: string, changed: boolean) => void;
  /** An event's rows; an archived event's come from its archive (archive.service.ts). */
  readRows?: (eventId: string) => Promise<EventRows | undefined>;
}

/**
 * Results: recalculated after every change (coalesced per event) and when a team's start passes
 * (they are computed as at the server's time, spec 03 §12), stored in `event_results`, served
 * from there; the responses matrix; and an admin's edit of one team answer.
 */
export function resultsService({
  store,
  bus,
  now,
  compute,
  debounceMs = 100,
  onError,
  onRecalculated = () => undefined,
  readRows = store.eventFiles.readAll,
}: ResultsServiceDeps) {
  /**
   * The results this process last computed and stored, as computed, for the few events changed
   * most recently: the cups an event belongs to read them right after (`stored`), and need not
   * parse thousands of teams again. Keyed by the stored row's version and time, so results stored
   * since (by this or another server) are read from the database.
   */
  const fresh = new Map<
    string,
    { version: number; computedAt: number; results: TeamResult[]; json: string }
  >();
  /** The scoring state of the events this process computed last (see scoringCache.ts). */
  const scoring = scoringCache(SCORING_CACHE_SIZE);

  /**
   * Stores results computed as at `at` (their `computedAt`) and watches for their next start;
   * `kept` (the default engine's state) is kept for the next change, keyed by the stored row.
   */
  async function save(
    eventId: string,
    results: TeamResult[],
    at: number,
    json = toJson(results),
    kept?: Kept,
  ) {
    scoring.drop(eventId);
    const row = await store.results.save(eventId, json, at);
    fresh.delete(eventId);
    fresh.set(eventId, { version: row.version, computedAt: row.computed_at, results, json });
    if (fresh.size > FRESH_RESULTS_SIZE) fresh.delete(fresh.keys().next().value!);
    if (kept) {
      scoring.set(eventId, {
        ...kept,
        version: row.version,
        computedAt: row.computed_at,
        results,
        json,
      });
    }
    watchClock(eventId, nextStartAfter(results, at));
    return row;
  }

  /** The whole event's results as at `at`, with the default engine's state to keep. */
  function computeWhole(
    rows: EventRows,
    at: number,
  ): { results: TeamResult[]; json: string; kept?: Kept } {
    const file = rowsToFile(rows);
    if (compute) {
      const results = compute(file, at);
      return { results, json: toJson(results) };
    }
    const state = scoringState(scoringEventFromFile(file));
    const results = stateResults(state, at);
    const { json, pieces } = resultsJson(results, undefined);
    return { results, json, kept: { state, madeAt: Date.now(), pieces } };
  }

  /** A stored row's results, parsed (or as this server computed them). */
  function parsed(eventId: string, row: { version: number; computed_at: number; results: string }) {
    const mine = fresh.get(eventId);
    return mine && mine.version === row.version && mine.computedAt === row.computed_at
      ? mine.results
      : fromJson<TeamResult[]>(row.results, []);
  }

  /**
   * Results are computed as at a time: when the next start after it has passed (nextStartAfter),
   * a team shown as not started may be running (spec 03 §12), and the stored results are out of
   * date until they are computed again.
   */
  const outdated = (next: number | null) => next !== null && next <= now();

  /**
   * One timer per event (on each server that computed or read its results) asks for a
   * recalculation when the next start passes; a new computation or read replaces it. The run
   * first checks, under the event's lock, that the stored results are still out of date, so of
   * servers sharing a database only the first computes them again.
   */
  const clocks = new Map<string, { at: number; timer: ReturnType<typeof setTimeout> }>();
  let closed = false;
  function watchClock(eventId: string, at: number | null): void {
    const old = clocks.get(eventId);
    if (old?.at === at) return;
    if (old) clearTimeout(old.timer);
    clocks.delete(eventId);
    if (at === null || closed) return;
    const wait = Math.min(Math.max(0, at - now()) + CLOCK_MARGIN_MS, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      clocks.delete(eventId);
      if (now() >= at) recalc.schedule(eventId);
      else watchClock(eventId, at);
    }, wait);
    timer.unref();
    clocks.set(eventId, { at, timer });
  }

  /** Computes and stores an event's results; undefined when the event is gone. */
  async function recompute(eventId: string) {
    const rows = await readRows(eventId);
    if (!rows) return undefined;
    const at = now();
    const { results, json, kept } = computeWhole(rows, at);
    return save(eventId, results, at, json, kept);
  }

  /**
   * A recalculation after a change, or (`byClock`) because a start passed. `teams` names the
   * teams whose data changed when nothing else did (null: anything may have). Events nobody has
   * read results of yet are left alone (their first read computes them); unchanged results are
   * not announced, so viewers refetch only when something they see moved, and are stored again
   * only when a start passed since they were computed (their time then says they are current),
   * or to retire another server's kept state (below). 'none' when nothing was computed.
   */
  async function refresh(
    eventId: string,
    byClock: boolean,
    teams: ReadonlySet<string> | null,
  ): Promise<'none' | 'same' | 'changed'> {
    const meta = await store.results.findMeta(eventId);
    if (!meta) return 'none';
    const entry = scoring.current(eventId, meta, Date.now() - WHOLE_EVERY_MS);
    try {
      if (entry && (teams !== null || byClock)) {
        return await refreshTeams(eventId, entry, byClock, teams ?? new Set());
      }
      return await refreshWhole(eventId, byClock, entry !== undefined);
    } catch (error) {
      // The kept state may have taken a change that was not stored: compute it whole next time.
      scoring.drop(eventId);
      throw error;
    }
  }

  /**
   * The incremental recalculation: the kept state belongs to the stored row, so only `teams`
   * changed since (on this server; another's change would have stored a row of its own).
   */
  async function refreshTeams(
    eventId: string,
    entry: ScoringEntry,
    byClock: boolean,
    teams: ReadonlySet<string>,
  ): Promise<'none' | 'same' | 'changed'> {
    if (byClock) {
      const next = nextStartAfter(entry.results, entry.computedAt);
      if (!outdated(next)) {
        watchClock(eventId, next);
        return 'none';
      }
    }
    if (teams.size > 0) {
      const rows = await store.results.teamScoringRows(eventId, [...teams]);
      updateTeams(entry.state, teamScoringData(teams, rows));
    }
    const at = now();
    const results = stateResults(entry.state, at);
    const { json, pieces } = resultsJson(results, entry.pieces);
    if (json === entry.json) {
      const next = nextStartAfter(results, entry.computedAt);
      if (next === null || next > at) {
        watchClock(eventId, next);
        return 'same';
      }
    }
    const same = json === entry.json;
    await save(eventId, results, at, json, { state: entry.state, madeAt: entry.madeAt, pieces });
    return same ? 'same' : 'changed';
  }

  /**
   * The whole recalculation. `mine`: the stored row is the one this server saved with its kept
   * state. When it is not and the results come out the same, they are stored again all the
   * same (not announced): the server that saved the row may keep a state that lacks a change
   * made here, and a new row retires it.
   */
  async function refreshWhole(
    eventId: string,
    byClock: boolean,
    mine: boolean,
  ): Promise<'none' | 'same' | 'changed'> {
    const before = await store.results.find(eventId);
    if (!before) return 'none';
    if (byClock) {
      // Another server may have computed them since the start passed.
      const next = nextStartAfter(parsed(eventId, before), before.computed_at);
      if (!outdated(next)) {
        watchClock(eventId, next);
        return 'none';
      }
    }
    const rows = await readRows(eventId);
    if (!rows) return 'none';
    const at = now();
    const { results, json, kept } = computeWhole(rows, at);
    if (json === before.results && (mine || !kept)) {
      // The same results as stored: they are current unless a start passed since.
      const next = nextStartAfter(results, before.computed_at);
      if (next === null || next > at) {
        if (kept) {
          const key = { version: before.version, computedAt: before.computed_at };
          scoring.set(eventId, { ...kept, ...key, results, json });
        }
        watchClock(eventId, next);
        return 'same';
      }
    }
    await save(eventId, results, at, json, kept);
    return json === before.results ? 'same' : 'changed';
  }

  /**
   * Per event, the teams changed since its last run began, or null when something else did;
   * an event without an entry was asked for by the clock.
   */
  const pending = new Map<string, Set<string> | null>();
  const recalc = coalescer(
    async (eventId) => {
      const asked = pending.has(eventId);
      const teams = pending.get(eventId) ?? null;
      pending.delete(eventId);
      // Servers sharing the database take turns: an older run never stores after a newer one.
      const outcome = await store.exclusive(`results:${eventId}`, () =>
        refresh(eventId, !asked, teams),
      );
      const changed = outcome === 'changed';
      if (asked || outcome !== 'none') onRecalculated(eventId, changed);
      if (changed) {
        bus.publish(eventTopic(eventId), {
          v: 1,
          type: 'event.changed',
          eventId,
          what: ['results'],
        });
      }
    },
    debounceMs,
    onError,
  );
  /** A recalculation after a change: of `teamIds` only when given (see refresh), else whole. */
  const scheduleRecalc = (eventId: string, teamIds?: readonly string[]): void => {
    const known = pending.get(eventId);
    if (teamIds === undefined) pending.set(eventId, null);
    else if (known === undefined) pending.set(eventId, new Set(teamIds));
    else if (known !== null) for (const id of teamIds) known.add(id);
    recalc.schedule(eventId);
  };

  /** Stored results computed again now: called by a read that found them out of date. */
  async function catchUp(eventId: string): Promise<void> {
    recalc.schedule(eventId);
    await recalc.settled(eventId);
  }

  /** Concurrent first reads of one event share one computation. */
  const misses = new Map<string, Promise<unknown>>();
  async function storedOrComputed(eventId: string) {
    const stored = await store.results.find(eventId);
    if (stored) return stored;
    let pending = misses.get(eventId);
    if (!pending) {
      pending = store
        .exclusive(`results:${eventId}`, () => recompute(eventId))
        .finally(() => misses.delete(eventId));
      misses.set(eventId, pending);
    }
    await pending;
    return store.results.find(eventId);
  }

  /**
   * The response bodies of recently read events' results, keyed by the stored row's version and
   * time and by the display settings: a read costs small queries instead of parsing, serialising
   * and encoding the whole list, and any new stored results (a recalculation, by this or another
   * server) or changed settings change the key. Least recently used events are dropped beyond
   * RESULTS_CACHE_SIZE.
   */
  const bodies = new Map<
    string,
    { key: string; results: string; next: number | null; body: Buffer }
  >();
  /** The body's entry; `next` is when its results are out of date (see `outdated`). */
  async function resultsBody(
    eventId: string,
    display: ResultsDisplaySettings,
    head: { version: number | null; computed_at: number | null },
  ) {
    let meta =
      head.version !== null && head.computed_at !== null
        ? { version: head.version, computed_at: head.computed_at }
        : undefined;
    if (!meta) {
      await storedOrComputed(eventId);
      meta = await store.results.findMeta(eventId);
      if (!meta) return undefined;
    }
    const displayJson = JSON.stringify(display);
    const key = `${meta.version}:${meta.computed_at}`;
    const hit = bodies.get(eventId);
    bodies.delete(eventId);
    if (hit && hit.key === `${key}:${displayJson}`) {
      bodies.set(eventId, hit);
      return hit;
    }
    const same = hit?.key.startsWith(`${key}:`) ? hit : undefined;
    let results = same?.results;
    let next = same?.next ?? null;
    let computedAt = meta.computed_at;
    const mine = fresh.get(eventId);
    if (
      results === undefined &&
      mine?.version === meta.version &&
      mine.computedAt === meta.computed_at
    ) {
      // Computed here: the JSON as stored (the same bytes as the parsed view serialised again).
      results = mine.json;
      next = nextStartAfter(mine.results, mine.computedAt);
      watchClock(eventId, next);
      computedAt = mine.computedAt;
    }
    if (results === undefined) {
      const stored = await store.results.find(eventId);
      if (!stored) return undefined;
      // Parsed once and serialised again so the bytes are those of the parsed view.
      const list = parsed(eventId, stored);
      results = JSON.stringify(list);
      next = nextStartAfter(list, stored.computed_at);
      watchClock(eventId, next);
      computedAt = stored.computed_at;
      if (stored.version !== meta.version || stored.computed_at !== meta.computed_at) {
        // Recalculated in between: key the entry by what was read.
        meta = { version: stored.version, computed_at: stored.computed_at };
      }
    }
    const view = `{"results":${results},"computedAt":${JSON.stringify(computedAt)},"settings":${displayJson}}`;
    const entry = {
      key: `${meta.version}:${meta.computed_at}:${displayJson}`,
      results,
      next,
      body: Buffer.from(view, 'utf8'),
    };
    bodies.set(eventId, entry);
    if (bodies.size > RESULTS_CACHE_SIZE) bodies.delete(bodies.keys().next().value!);
    return entry;
  }

  /**
   * The whole responses matrices (answers and wrong marks shown) of recently read events: made
   * from every team's answers, a few hundred milliseconds for 2,000 teams, so not once per
   * reader. An entry goes with any change message of its event (the bus brings those of every
   * server; they are what tells the pages to read again), after RESPONSES_FRESH_MS at the latest,
   * and, least recently used, beyond RESULTS_CACHE_SIZE events.
   */
  const matrices = new Map<
    string,
    { at: number; view: Promise<ResponsesView>; stop: () => void }
  >();
  function dropMatrix(eventId: string) {
    matrices.get(eventId)?.stop();
    matrices.delete(eventId);
  }
  async function fullMatrix(eventId: string): Promise<ResponsesView> {
    const hit = matrices.get(eventId);
    if (hit && now() - hit.at < RESPONSES_FRESH_MS) {
      matrices.delete(eventId);
      matrices.set(eventId, hit);
      return hit.view;
    }
    dropMatrix(eventId);
    const topic = eventTopic(eventId);
    const entry = {
      at: now(),
      view: undefined as unknown as Promise<ResponsesView>,
      stop: bus.subscribe(topic, (m) => {
        if (m.type === 'event.changed' && matrices.get(eventId) === entry) dropMatrix(eventId);
      }),
    };
    // Subscribed before reading, so that a change made during the read drops what it read.
    entry.view = bus.ready(topic).then(async () => {
      const rows = await readRows(eventId);
      if (!rows) throw notFound();
      return responsesMatrix(rows);
    });
    entry.view.catch(() => {
      if (matrices.get(eventId) === entry) dropMatrix(eventId);
    });
    matrices.set(eventId, entry);
    if (matrices.size > RESULTS_CACHE_SIZE) dropMatrix(matrices.keys().next().value!);
    return entry.view;
  }

  /** `stored` below; results out of date by the clock are computed again first (once). */
  async function storedResults(
    eventId: string,
    knownKey?: string,
    caughtUp = false,
  ): Promise<{ key: string; results?: TeamResult[]; classNames: Map<string, string> } | undefined> {
    let head = await store.results.readHead(eventId);
    if (head && head.version === null) {
      await storedOrComputed(eventId);
      head = await store.results.readHead(eventId);
    }
    if (!head || head.version === null) return undefined;
    const display = displaySettings(fromJsonMap(head.settings), fromJsonMap(head.record));
    const classNames = parseClasses(display.klassid);
    const classKey = JSON.stringify([...classNames]);
    const key = `${head.version}:${head.computed_at}:${classKey}`;
    if (key === knownKey) return { key, classNames };
    const mine = fresh.get(eventId);
    let read: { key: string; results: TeamResult[]; computedAt: number };
    if (mine && mine.version === head.version && mine.computedAt === head.computed_at) {
      read = { key, results: mine.results, computedAt: mine.computedAt };
    } else {
      const stored = await store.results.find(eventId);
      if (!stored) return undefined;
      read = {
        // Keyed by the row read, in case a recalculation stored a newer one in between.
        key: `${stored.version}:${stored.computed_at}:${classKey}`,
        results: parsed(eventId, stored),
        computedAt: stored.computed_at,
      };
    }
    const next = nextStartAfter(read.results, read.computedAt);
    if (outdated(next) && !caughtUp) {
      await catchUp(eventId);
      return storedResults(eventId, knownKey, true);
    }
    watchClock(eventId, next);
    return { key: read.key, results: read.results, classNames };
  }

  /** Loads the event, its settings and the caller's access; 404 when there is no such event. */
  async function load(actor: Actor | null, eventId: string) {
    const row = await store.events.findById(eventId);
    if (!row) throw notFound();
    const role = actor ? await store.events.roleOf(eventId, actor.uid) : null;
    const settings = fromJsonMap(await store.results.settingsOf(eventId));
    const access: EventAccess = { actor, role, hidden: row.hidden === 1 };
    return { row, settings, access };
  }

  async function requireReadable(actor: Actor | null, eventId: string) {
    const loaded = await load(actor, eventId);
    if (!canReadResults(loaded.access, loaded.settings.hideresults === true)) {
      throw new AppError('results.error.hidden', 403);
    }
    return loaded;
  }

  return {
    /** Asks for a recalculation of the event's results (coalesced; see recalc.ts). */
    scheduleRecalc,
    /** Resolves once no recalculation is scheduled or running. */
    idle: () => recalc.idle(),
    close: () => {
      closed = true;
      for (const eventId of [...clocks.keys()]) watchClock(eventId, null);
      recalc.close();
      for (const eventId of [...matrices.keys()]) dropMatrix(eventId);
    },

    /**
     * An event's stored results (computed on a miss) with its class names, for the cups it
     * belongs to; undefined when the event is gone. `key` names what was read (the stored
     * version and the class names): given the key of an earlier read that is still current, the
     * results are left out and nothing large is read. Results a start has passed since are
     * computed again first. No permission check: the caller decides.
     */
    stored: (eventId: string, knownKey?: string) => storedResults(eventId, knownKey),

    /** The stored results (computed and stored on a miss) with the settings that show them. */
    async results(actor: Actor | null, eventId: string): Promise<ResultsView> {
      const { row, settings } = await requireReadable(actor, eventId);
      let stored = await storedOrComputed(eventId);
      if (stored && outdated(nextStartAfter(parsed(eventId, stored), stored.computed_at))) {
        await catchUp(eventId);
        stored = await store.results.find(eventId);
      }
      if (!stored) throw notFound();
      const record = fromJsonMap(row.record);
      return {
        results: parsed(eventId, stored),
        computedAt: stored.computed_at,
        settings: displaySettings(settings, record),
      };
    },

    /**
     * The same view as `results`, as the UTF-8 JSON body GET /results sends, from the cache above:
     * a read does not parse, serialise and encode hundreds of teams.
     */
    async resultsJson(actor: Actor | null, eventId: string): Promise<Buffer> {
      const head = await store.results.readHead(eventId);
      if (!head) throw notFound();
      const settings = fromJsonMap(head.settings);
      const role = actor ? await store.events.roleOf(eventId, actor.uid) : null;
      const access: EventAccess = { actor, role, hidden: head.hidden === 1 };
      if (!canReadResults(access, settings.hideresults === true)) {
        throw new AppError('results.error.hidden', 403);
      }
      const display = displaySettings(settings, fromJsonMap(head.record));
      let entry = await resultsBody(eventId, display, head);
      if (entry && outdated(entry.next)) {
        // A start passed since they were computed (the clock's run is due or running).
        await catchUp(eventId);
        const meta = await store.results.findMeta(eventId);
        entry = await resultsBody(eventId, display, meta ?? { version: null, computed_at: null });
      }
      if (!entry) throw notFound();
      return entry.body;
    },

    /** Teams × checkpoints: who answered what; answers and correctness per canSeeAnswers. */
    async responses(actor: Actor | null, eventId: string): Promise<ResponsesView> {
      const { row, access, settings } = await requireReadable(actor, eventId);
      return shownMatrix(
        await fullMatrix(eventId),
        canSeeAnswers(access, row.endtime, now()),
        canSeeWrongMarks(access, settings.hidewrongmarks === true),
      );
    },

    /**
     * The display names of each team's members (for the IOF team form and entry list), to whoever
     * reads the results; never an email or a phone number.
     */
    async members(actor: Actor | null, eventId: string): Promise<TeamMembersView> {
      await requireReadable(actor, eventId);
      const members: Record<string, string[]> = {};
      for (const row of await store.members.namesOfEvent(eventId)) {
        (members[row.team_id] ??= []).push(row.display_name!);
      }
      // Members an entry list import stored with a team's registration (teamImport.service.ts).
      for (const reg of await store.registrations.forEvent(eventId)) {
        const listed = fromJsonMap(reg.regdata).members;
        if (!Array.isArray(listed) || members[reg.team_id]) continue;
        const names = listed.filter((n): n is string => typeof n === 'string' && n.trim() !== '');
        if (names.length > 0) members[reg.team_id] = names;
      }
      return { members };
    },

    /** A team's KP visits in time order (teamSplits); its chosen answers per canSeeAnswers. */
    async splits(actor: Actor | null, eventId: string, teamId: string): Promise<TeamSplits> {
      const { row, access, settings } = await requireReadable(actor, eventId);
      const rows = await readRows(eventId);
      if (!rows) throw notFound();
      const showWrong = canSeeWrongMarks(access, settings.hidewrongmarks === true);
      const splits = teamSplits(scoringEventFromFile(rowsToFile(rows)), teamId, !showWrong);
      if (!splits) throw notFound();
      if (canSeeAnswers(access, row.endtime, now())) return splits;
      return { ...splits, visits: splits.visits.map((v) => ({ ...v, answer: null })) };
    },

    /**
     * Changes one team answer (fields left out keep their value), writes an audit row in the same
     * transaction, tells subscribers that teams changed; results follow via the recalculation.
     */
    async setAnswer(
      actor: Actor | null,
      eventId: string,
      teamId: string,
      kpId: string,
      body: TeamAnswerBody,
    ): Promise<{ answer: string | null; ok: boolean | null; aeg: number | null }> {
      const { row, access } = await load(actor, eventId);
      if (!canEditAnswers(access)) throw actor ? forbidden() : unauthorized();
      if (!isCheckpointWriteOpen(row)) throw new AppError('kp.error.archived', 409);
      const saved = await store.transaction(async (repos) => {
        await repos.events.update(eventId, { updated_at: now() });
        if (!(await repos.results.teamExists(eventId, teamId))) throw notFound();
        if (!(await repos.results.checkpointExists(eventId, kpId))) throw notFound();
        const old = await repos.results.findAnswer(eventId, teamId, kpId);
        const next = {
          event_id: eventId,
          team_id: teamId,
          kp_id: kpId,
          answer: body.answer === undefined ? (old?.answer ?? null) : body.answer,
          ok: body.ok === undefined ? (old?.ok ?? null) : body.ok === null ? null : body.ok ? 1 : 0,
          aeg: body.aeg === undefined ? (old?.aeg ?? null) : body.aeg,
          extra: old?.extra ?? '{}',
        };
        await repos.results.putAnswer(next, old !== undefined);
        await repos.results.insertAudit({
          id: timeId(now()),
          time: now(),
          user_id: actor?.uid ?? null,
          event_id: eventId,
          action: 'team.answer.set',
          path: `teams/${eventId}/kpanswers/${teamId}/${kpId}`,
          old_value: old ? toJson(presentAnswer(old)) : null,
          value: toJson(presentAnswer(next)),
        });
        return presentAnswer(next);
      });
      bus.publish(eventTopic(eventId), {
        v: 1,
        type: 'event.changed',
        eventId,
        what: ['teams', 'results'],
        teams: [teamId],
      });
      scheduleRecalc(eventId, [teamId]);
      return saved;
    },
  };
}
export type ResultsService = ReturnType<typeof resultsService>;

/** How many events' serialised results are kept in memory. */
const RESULTS_CACHE_SIZE = 32;
/** A scoring state to keep, and when it was made from the whole event. */
interface Kept {
  state: ScoringState;
  madeAt: number;
  /** Each team's record as serialised, reused for the records a change leaves the same. */
  pieces: Map<string, ResultPiece>;
}

/** How many events' scoring states are kept (each holds all the event's answers). */
const SCORING_CACHE_SIZE = 4;
/**
 * How long a kept scoring state serves before the next run computes the event whole again: a
 * bound on how long results could stay wrong should a change ever reach no recalculation of its
 * own (a run that failed on the server that made it).
 */
const WHOLE_EVERY_MS = 60_000;
/** How many events' freshly computed results are kept parsed (see `fresh`). */
const FRESH_RESULTS_SIZE = 8;
/** How long after a start its recalculation runs (timers may fire a little early). */
const CLOCK_MARGIN_MS = 5;
/** The longest timer (setTimeout's limit is 2^31 − 1 ms); a later start waits in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The longest a responses matrix is kept, should a change message ever not arrive. */
const RESPONSES_FRESH_MS = 60_000;

function presentAnswer(a: { answer: string | null; ok: number | null; aeg: number | null }) {
  return { answer: a.answer, ok: a.ok === null ? null : a.ok === 1, aeg: a.aeg };
}

/** Settings fall back to the event record's field of the same name (spec 03 §1). */
function displaySettings(settings: JsonMap, record: JsonMap): ResultsDisplaySettings {
  const klassid = settings.klassid ?? record.klassid;
  return {
    pointssuffix: typeof settings.pointssuffix === 'string' ? settings.pointssuffix : '',
    distanceinresult: settings.distanceinresult === true,
    hidewrongmarks: settings.hidewrongmarks === true,
    sfwithseconds: settings.sfwithseconds === true,
    sfwithdate: settings.sfwithdate === true,
    hidespeedings: settings.hidespeedings === true,
    klassid:
      klassid && typeof klassid === 'object' && !Array.isArray(klassid)
        ? (klassid as Record<string, unknown>)
        : {},
  };
}

/**
 * The matrix of /responses: the teams that have results, each cell coloured by how the engine
 * counted the answer (a negative answer score shows as wrong). Which answer was chosen, and which
 * is correct, only with `showAnswers`; wrong marks only with `showWrong`.
 */
/**
 * What a reader may see of a whole matrix (answers and wrong marks shown): the chosen and the
 * correct answers only with `answers`, wrong marks only with `wrong` (else as no mark).
 */
function shownMatrix(full: ResponsesView, answers: boolean, wrong: boolean): ResponsesView {
  if (answers && wrong) return full;
  return {
    kps: answers ? full.kps : full.kps.map((kp) => ({ ...kp, responses: {} })),
    teams: full.teams.map((team) => {
      const marks = wrong
        ? team.marks
        : team.marks.replaceAll(RESPONSE_MARKS.wrong, RESPONSE_MARKS.none);
      const chosen = answers
        ? (team.answers ?? []).map((a, i) => (marks[i] === RESPONSE_MARKS.none ? null : a))
        : null;
      return { ...team, marks, answers: chosen };
    }),
    answersShown: answers,
    wrongShown: wrong,
    correct: answers ? full.correct : {},
  };
}

/** localeCompare's order, with one collator for a whole sort instead of one per comparison. */
const byName = new Intl.Collator();

/** The whole responses matrix of the event's rows: every answer and wrong mark (shownMatrix masks it). */
function responsesMatrix(rows: EventRows): ResponsesView {
  const kps = rows.checkpoints
    .map((c) => {
      const data = fromJsonMap(c.data);
      const responses = fromJsonMap(toJson(data.responses));
      return {
        id: c.id,
        nr: c.nr,
        answer: c.answer,
        responses: Object.fromEntries(
          Object.entries(responses).map(([id, text]) => [id, String(text)]),
        ),
      };
    })
    .sort((a, b) => compareOptionalNr(a.nr, b.nr));
  const states = visitStates(scoringEventFromFile(rowsToFile(rows)));
  const chosen = new Map<string, string | null>();
  for (const a of rows.answers) chosen.set(`${a.team_id}\u0000${a.kp_id}`, a.answer);
  const teams = rows.teams
    .flatMap((t) => {
      const counted = states.get(t.id);
      if (!counted) return [];
      let marks = '';
      const answers: (string | null)[] = [];
      for (const kp of kps) {
        const visit = counted.get(kp.id);
        const state: ResponseCell['state'] =
          visit === undefined ? 'none' : visit === 'ok' ? 'ok' : 'wrong';
        marks += RESPONSE_MARKS[state];
        answers.push(state === 'none' ? null : (chosen.get(`${t.id}\u0000${kp.id}`) ?? null));
      }
      return [{ id: t.id, name: t.name, nr: t.nr, marks, answers }];
    })
    .sort((a, b) => compareOptionalNr(a.nr, b.nr) || byName.compare(a.name, b.name));
  return {
    kps: kps.map(({ id, nr, responses }) => ({ id, nr, responses })),
    teams,
    answersShown: true,
    wrongShown: true,
    correct: Object.fromEntries(kps.flatMap((k) => (k.answer === null ? [] : [[k.id, k.answer]]))),
  };
}
