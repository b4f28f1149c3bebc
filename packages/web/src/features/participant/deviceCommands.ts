import { trackToGpx } from '@rada/core';
import type { DeviceCommand, LocationPoint, UploadKind } from '@rada/core';

/** What a command uploads: its kind and text. */
export interface CommandUpload {
  kind: UploadKind;
  content: string;
}

/** What the commands read from the device. */
export interface CommandSources {
  log: () => string;
  track: () => Promise<LocationPoint[]>;
  database: () => Promise<unknown>;
  name: string;
}

/** The upload answering a command: sendLog the app log, sendGPX the own track, sendDB the store. */
export async function commandUpload(
  cmnd: DeviceCommand,
  sources: CommandSources,
): Promise<CommandUpload> {
  switch (cmnd) {
    case 'sendLog':
      return { kind: 'log', content: sources.log() };
    case 'sendGPX':
      return { kind: 'gpx', content: trackToGpx(await sources.track(), { name: sources.name }) };
    case 'sendDB':
      return { kind: 'db', content: JSON.stringify(await sources.database()) };
  }
}
