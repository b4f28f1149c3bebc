import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import {
  classNames,
  computeResults,
  parseEventFile,
  resultsToCsv,
  resultsToIof,
  localOffsetMinutes,
  scoringEventFromFile,
  shortlinkFromName,
} from '@rada/core';
import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createStore } from '../db/store.ts';
import { eventService } from '../events/event.service.ts';
import { inProcessBus } from '../realtime/bus.ts';
import { hashPassword } from '../auth/password.ts';
import { newId } from '../db/ids.ts';
import { emailSignInService } from '../auth/emailSignIn.service.ts';
import { AppError } from '../http/errors.ts';
import { unknownAdmins } from '../eventFile/eventFileCheck.ts';
import type { PlatformRole } from '../users/user.repository.ts';
import { SIMULATE_USAGE, simulateCommand } from './simulate.ts';
import { CUP_RESULTS_USAGE, cupResultsCommand } from './cupResults.ts';
import { readFileInput } from './fileInput.ts';
import { mapFiles } from '../mapImages/mapFiles.ts';
import { mapTransfer } from '../mapImages/mapTransfer.ts';
import { mapImageService } from '../mapImages/mapImage.service.ts';
import type { MapImageService } from '../mapImages/mapImage.service.ts';
import { cutTilesOffLoop } from '../mapImages/cut/cutter.ts';

const USAGE = `Usage: npm run rada -- <command>

  superadmin <email> [--password <pw>]   make a super admin (creates the account if new)
  owner <email> [--password <pw>]        make the platform owner (manages news)
  creator <email>                         grant a creator record (may create events)
  reset-link <email>                      print a password-reset link for an account (works
                                          once, for an hour; PUBLIC_URL or localhost:PORT)
  export <eventId>                        print the whole event as JSON (redirect to a file),
                                          its map images with their bytes (MAPS_DIR)
  import <file.json> [--id <shortlink>]   create an event from an event file; its placed map
                                          images are cut into tiles before the command ends
  results <file.json> [--format json|csv|iof]
                                          print an event file's results (spec 03), ordered by
                                          class then place (JSON array by default; no database)
${CUP_RESULTS_USAGE}
  migrate                                 bring the database schema up to date
${SIMULATE_USAGE}

The database is the same as the server's (DATABASE_URL, DATA_DIR).`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Where the command line writes: stdout and stderr, or a test's buffers. */
export interface Output {
  write(text: string): unknown;
}

const RESULT_FORMATS = ['json', 'csv', 'iof'] as const;

/**
 * `results <file> [--format json|csv|iof]`: reads an event file, computes its results as they
 * stand now (a team whose start is still to come has not started, spec 03 §12) and prints them.
 * Pure file work, so it runs without the database. Returns the exit code.
 */
function resultsCommand(rest: string[], out: Output, err: Output): number {
  const input = readFileInput(rest, RESULT_FORMATS, 'results needs an event file', err);
  if (!input) return 1;
  const { text, format } = input;
  const parsed = parseEventFile(text);
  if (!parsed.ok) {
    err.write(`${parsed.error}: ${parsed.message}\n`);
    return 1;
  }
  const event = scoringEventFromFile(parsed.file);
  const results = computeResults(event, Date.now());
  if (format === 'csv')
    out.write(
      resultsToCsv(results, { classNames: classNames(event), offsetMinutes: localOffsetMinutes }),
    );
  else if (format === 'iof')
    out.write(
      resultsToIof(results, {
        eventName: parsed.file.events.name,
        classNames: classNames(event),
        createTime: new Date().toISOString(),
        offsetMinutes: localOffsetMinutes,
        eventStart: typeof event.event.starttime === 'number' ? event.event.starttime : null,
      }),
    );
  else out.write(JSON.stringify(results, null, 2) + '\n');
  return 0;
}

/** Runs one command; returns the process exit code. Output goes to stdout, messages to stderr. */

export async function runCli(
  args: string[],
  out: Output = process.stdout,
  err: Output = process.stderr,
): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    out.write(USAGE + '\n');
    return command ? 0 : 2;
  }
  if (command === 'results') return resultsCommand(rest, out, err);
  if (command === 'cup-results') return cupResultsCommand(rest, out, err);
  if (command === 'simulate')
    return simulateCommand(rest, out, err, loadConfig().port, (f) => fs.readFileSync(f, 'utf8'));
  const config = loadConfig();
  const handle = await openDatabase(config.database);
  let cutter: MapImageService | null = null;
  try {
    await migrateToLatest(handle.db);
    const store = createStore(handle.db);
    const now = Date.now;
    // The events' map images, in MAPS_DIR as the server keeps them; cut here, off the event loop.
    const files = mapFiles(config.mapsDir);
    const logMaps = (message: string, error?: unknown) =>
      err.write(`${message}${error ? `: ${(error as Error).message ?? String(error)}` : ''}\n`);
    cutter = mapImageService({
      store,
      bus: inProcessBus(),
      now,
      files,
      cut: cutTilesOffLoop,
      log: logMaps,
    });
    const cuts = cutter;
    const maps = mapTransfer({ files, startCuts: () => cuts.resume(), log: logMaps });

    const ensureUser = async (email: string, password: string | undefined) => {
      const normalized = email.trim().toLowerCase();
      const existing = await store.users.findByEmail(normalized);
      if (existing) {
        if (password) await store.users.setPassword(existing.id, await hashPassword(password));
        return { user: existing, generated: null };
      }
      const generated = password ? null : randomBytes(9).toString('base64url');
      const user = {
        id: newId(),
        email: normalized,
        display_name: normalized.split('@')[0] ?? normalized,
        phone: null,
        password_hash: await hashPassword(password ?? generated ?? ''),
        created_at: now(),
      };
      await store.users.insert(user);
      return { user, generated };
    };

    const grantRole = async (role: PlatformRole) => {
      const email = rest[0];
      if (!email || !email.includes('@')) throw new Error(`${command} needs an email address`);
      const { user, generated } = await ensureUser(email, option(rest, '--password'));
      await store.users.addRole(user.id, role);
      await store.users.grantCreator(user.id, null, now());
      err.write(
        `${user.email} is now ${role === 'superadmin' ? 'a super admin' : 'the platform owner'}.\n`,
      );
      if (generated) err.write(`New account created. Password: ${generated}\n`);
      return 0;
    };

    switch (command) {
      case 'superadmin':
        return await grantRole('superadmin');
      case 'owner':
        return await grantRole('owner');
      case 'creator': {
        const user = rest[0]
          ? await store.users.findByEmail(rest[0].trim().toLowerCase())
          : undefined;
        if (!user) throw new Error('creator needs the email of an existing account');
        await store.users.grantCreator(user.id, null, now());
        err.write(`${user.email} may now create events.\n`);
        return 0;
      }
      case 'export': {
        const id = rest[0];
        if (!id) throw new Error('export needs an event id');
        const events = eventService({ store, bus: inProcessBus(), now, maps });
        const rows = await store.eventFiles.readAll(id);
        if (!rows) throw new Error(`No event ${id}`);
        // The command line acts with the machine owner's authority: export as a super admin would.
        const text = await events.exportText(
          { uid: '', email: '', superAdmin: true, platformOwner: false, creator: true },
          id,
        );
        // With map images a stream: their bytes are read from MAPS_DIR as it is written.
        if (typeof text === 'string') out.write(text);
        else for await (const piece of text) out.write(String(piece));
        out.write('\n');
        return 0;
      }
      case 'import': {
        const path = rest[0];
        if (!path) throw new Error('import needs a file');
        const parsed = parseEventFile(fs.readFileSync(path, 'utf8'));
        if (!parsed.ok) throw new AppError(parsed.error, 400, parsed.details, parsed.message);
        const id = option(rest, '--id') ?? shortlinkFromName(parsed.file.events.name);
        const events = eventService({ store, bus: inProcessBus(), now, maps });
        const created = await events.importFile(parsed.file, id);
        for (const p of await unknownAdmins(parsed.file, store.eventFiles)) {
          err.write(`warning: ${p.path}: ${p.message} (kept, shown as unknown)\n`);
        }
        err.write(`Imported ${created.name} as /${created.id}\n`);
        const placed = (await store.mapImages.linksOf(created.id)).filter((m) => m.placement);
        if (placed.length > 0) {
          err.write(`Map images to cut into tiles: ${placed.length}…\n`);
          await cuts.idle();
          const states = await store.mapImages.linksOf(created.id);
          const failed = states.filter((m) => m.state === 'failed');
          for (const m of failed) err.write(`warning: map image ${m.name}: its cut failed\n`);
          err.write(`Map images cut: ${placed.length - failed.length}\n`);
        }
        out.write(created.id + '\n');
        return 0;
      }
      case 'reset-link': {
        const email = rest[0];
        if (!email) throw new Error('reset-link needs the email of an account');
        const links = emailSignInService({
          store,
          auth: { actorFor: () => Promise.reject(new Error('not signing in here')) },
          mailer: null,
          publicUrl: config.publicUrl,
          signupOpen: config.signupOpen,
          now,
        });
        const link = await links.resetLinkFor(
          email,
          config.publicUrl ?? `http://localhost:${config.port}`,
        );
        if (!link) throw new Error(`No account with the email ${email}`);
        out.write(link + '\n');
        err.write('Give this link to the account owner only: it sets a new password.\n');
        return 0;
      }
      case 'migrate':
        err.write('The database schema is up to date.\n');
        return 0;
      default:
        err.write(`Unknown command: ${command}\n\n${USAGE}\n`);
        return 2;
    }
  } catch (e) {
    err.write(e instanceof AppError ? appErrorText(e) : `${(e as Error).message}\n`);
    return 1;
  } finally {
    await cutter?.close();
    await handle.close();
  }
}

/** An AppError as the command line prints it: key and message, then one line per detail. */
function appErrorText(e: AppError): string {
  const lines = [`${e.key}: ${e.message}`];
  // A detail without a path ("not JSON") is the message itself.
  for (const d of e.details ?? []) if (d.path) lines.push(`  ${d.path}: ${d.message}`);
  return lines.join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2));
}
