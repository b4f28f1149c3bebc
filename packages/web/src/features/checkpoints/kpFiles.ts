import {
  exportCheckpointsCourseData,
  exportCheckpointsCsv,
  exportCheckpointsGpx,
  exportCheckpointsJson,
  exportCheckpointsKml,
} from '@rada/core';
import type { Checkpoint, CsvHeaderLanguage, LatLng } from '@rada/core';
import { downloadText } from '../export/download.ts';

/**
 * The KP file formats offered for download (spec 01 §7: made on the client): IOF CourseData for
 * MeOS, SportOrg and Purple Pen, KML for MapRun and Google Earth (docs/kp-import.md).
 */
export const EXPORT_FORMATS = ['json', 'csv', 'gpx', 'coursedata', 'kml'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const EXTENSION: Record<ExportFormat, string> = {
  json: 'json',
  csv: 'csv',
  gpx: 'gpx',
  coursedata: 'xml',
  kml: 'kml',
};

/** The downloaded file's name: `{event}-kp.json|csv|gpx|kml`, CourseData `{event}-kp.xml`. */
export function exportFileName(eventId: string, format: ExportFormat): string {
  return `${eventId}-kp.${EXTENSION[format]}`;
}

const MIME: Record<ExportFormat, string> = {
  json: 'application/json',
  csv: 'text/csv;charset=utf-8',
  gpx: 'application/gpx+xml',
  coursedata: 'application/xml',
  kml: 'application/vnd.google-earth.kml+xml',
};

/** What the CourseData and KML exports take from the event's settings, when the caller has them. */
export interface KpExportSettings {
  /** The value table (`rakoef`): each KP's Score in CourseData. */
  rakoef?: unknown;
  /** The start location (`startloc`): the start S1 (and finish F1 without a KP F). */
  startloc?: LatLng | null;
}

/** The event's `rakoef` and `startloc` from its settings (anything else is ignored). */
export function kpExportSettings(settings: Record<string, unknown> | undefined): KpExportSettings {
  const loc = settings?.startloc as Partial<LatLng> | null | undefined;
  const startloc =
    loc && Number.isFinite(loc.lat) && Number.isFinite(loc.lng)
      ? { lat: loc.lat!, lng: loc.lng! }
      : null;
  return { rakoef: settings?.rakoef ?? null, startloc };
}

/** The language of a CSV's headers: Estonian for Estonian users, else English. */
export const csvLanguage = (language: string): CsvHeaderLanguage =>
  language.startsWith('et') ? 'et' : 'en';

/** The file's text, made by core's exporters; CSV headers in `language`. */
export function exportText(
  checkpoints: Checkpoint[],
  format: ExportFormat,
  eventName: string,
  language = 'en',
  settings: KpExportSettings = {},
): string {
  switch (format) {
    case 'json':
      return exportCheckpointsJson(checkpoints);
    case 'csv':
      return exportCheckpointsCsv(checkpoints, csvLanguage(language));
    case 'gpx':
      return exportCheckpointsGpx(checkpoints, eventName);
    case 'coursedata':
      return exportCheckpointsCourseData(checkpoints, { eventName, ...settings });
    case 'kml':
      return exportCheckpointsKml(checkpoints, { eventName, startloc: settings.startloc });
  }
}

/** Offers the event's checkpoints as a file to download; answers the file's name. */
export function downloadCheckpoints(
  checkpoints: Checkpoint[],
  format: ExportFormat,
  event: { id: string; name: string },
  language: string,
  settings: KpExportSettings = {},
): string {
  const fileName = exportFileName(event.id, format);
  downloadText(
    exportText(checkpoints, format, event.name, language, settings),
    fileName,
    MIME[format],
  );
  return fileName;
}

/** Reads a chosen file's bytes (the import parses them in core, trying UTF-8 then ISO-8859-1). */
export async function readFileBytes(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
