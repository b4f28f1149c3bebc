import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_event_link_case.ts';
import * as m0003 from './0003_event_results.ts';
import * as m0004 from './0004_teams_registration.ts';
import * as m0005 from './0005_tracks_participant.ts';
import * as m0006 from './0006_device_clock.ts';
import * as m0007 from './0007_session_lifetimes.ts';
import * as m0008 from './0008_cups.ts';
import * as m0009 from './0009_web_clients.ts';
import * as m0010 from './0010_wheel.ts';
import * as m0011 from './0011_sign_in.ts';
import * as m0012 from './0012_oidc.ts';
import * as m0013 from './0013_phone_codes.ts';
import * as m0014 from './0014_guests.ts';
import * as m0015 from './0015_account_contact.ts';
import * as m0016 from './0016_placeholder_contacts.ts';
import * as m0017 from './0017_results_clock.ts';
import * as m0018 from './0018_tracking_links.ts';
import * as m0019 from './0019_map_images.ts';
import * as m0020 from './0020_device_last_point.ts';

/** Every migration, in order. One set for every dialect. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_event_link_case': m0002,
  '0003_event_results': m0003,
  '0004_teams_registration': m0004,
  '0005_tracks_participant': m0005,
  '0006_device_clock': m0006,
  '0007_session_lifetimes': m0007,
  '0008_cups': m0008,
  '0009_web_clients': m0009,
  '0010_wheel': m0010,
  '0011_sign_in': m0011,
  '0012_oidc': m0012,
  '0013_phone_codes': m0013,
  '0014_guests': m0014,
  '0015_account_contact': m0015,
  '0016_placeholder_contacts': m0016,
  '0017_results_clock': m0017,
  '0018_tracking_links': m0018,
  '0019_map_images': m0019,
  '0020_device_last_point': m0020,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};
