import { speedContract } from './speed.ts';
import { newsContract, translationsContract } from './news.ts';
import { adminContract } from './admin.ts';
import { wheelContract } from './wheel.ts';
import { accountingContract } from './accounting.ts';
import { usersContract } from './users.ts';
import { overviewContract } from './overview.ts';
import { sessionsContract } from './sessions.ts';
import { debugContract } from './debug.ts';
import { registrationContract } from './registration.ts';
import { eventsContract } from './events.ts';
import { mapsContract } from './maps.ts';
import { platformContract } from './platform.ts';
import { cupsContract } from './cups.ts';
import { archiveContract } from './archive.ts';
import { checkpointsContract } from './checkpoints.ts';
import { joinCodesContract } from './joinCodes.ts';
import { messagesContract } from './messages.ts';
import { teamsContract } from './teams.ts';
import { resultsContract } from './results.ts';
import { trackingContract } from './tracking.ts';
import { tracksContract } from './tracks.ts';
import { participantContract } from './participant.ts';
import { authContract } from './auth.ts';
import { passkeysContract } from './passkeys.ts';
import { phoneContract } from './phone.ts';
import { oidcContract } from './oidc.ts';
import { mapImagesContract } from './mapImages.ts';
import type { Declarations } from './route.ts';
import type { Operation } from './operations.ts';

export * from './operations.ts';
export * from './route.ts';
export * from './common.ts';

/**
 * The HTTP API's declarations by operation (docs/adr/0002-api-contract.md): with operations.ts,
 * every declared operation's method, path, parameters, body, answer, access and error keys.
 */
export const contract = {
  ...speedContract,
  ...newsContract,
  ...translationsContract,
  ...adminContract,
  ...wheelContract,
  ...accountingContract,
  ...usersContract,
  ...overviewContract,
  ...sessionsContract,
  ...debugContract,
  ...registrationContract,
  ...eventsContract,
  ...mapsContract,
  ...platformContract,
  ...cupsContract,
  ...archiveContract,
  ...checkpointsContract,
  ...joinCodesContract,
  ...messagesContract,
  ...teamsContract,
  ...resultsContract,
  ...trackingContract,
  ...tracksContract,
  ...participantContract,
  ...authContract,
  ...passkeysContract,
  ...phoneContract,
  ...oidcContract,
  ...mapImagesContract,
} as const satisfies Declarations;

export type Contract = typeof contract;

/** The resource (the reference's section) of each operation. */
export const contractTags: Record<Operation, string> = tagsOf({
  'Speed areas and tickets': speedContract,
  News: newsContract,
  'Interface texts': translationsContract,
  'Changes log and events table': adminContract,
  'Wheel of names': wheelContract,
  Accounting: accountingContract,
  Users: usersContract,
  Overview: overviewContract,
  'Sessions and tokens': sessionsContract,
  'Debug tools': debugContract,
  Registration: registrationContract,
  Events: eventsContract,
  'Map layers': mapsContract,
  Platform: platformContract,
  'Series (cups)': cupsContract,
  Archive: archiveContract,
  Checkpoints: checkpointsContract,
  'Join codes': joinCodesContract,
  Messages: messagesContract,
  Teams: teamsContract,
  Results: resultsContract,
  'Devices and tracking': trackingContract,
  Tracks: tracksContract,
  'Participant app': participantContract,
  'Sign-in and account': authContract,
  Passkeys: passkeysContract,
  Phone: phoneContract,
  'OpenID Connect': oidcContract,
  'Map images': mapImagesContract,
});

function tagsOf(resources: Record<string, Partial<Declarations>>): Record<Operation, string> {
  const out: Partial<Record<Operation, string>> = {};
  for (const [tag, declarations] of Object.entries(resources)) {
    for (const operation of Object.keys(declarations) as Operation[]) out[operation] = tag;
  }
  return out as Record<Operation, string>;
}
