import { exportCheckpointsCsv, exportCheckpointsGpx, exportCheckpointsJson } from '@rada/core';
import type { Checkpoint, CsvHeaderLanguage } from '@rada/core';
import { downloadText } from '../export/download.ts';

/** The KP file formats offered for download (spec 01 §7: made on the client). */
export const EXPORT_FORMATS = ['json', 'csv', 'gpx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The downloaded file's name: `{event}-kp.json|csv|gpx`. */
export function exportFileName(eventId: string, format: ExportFormat): string {
  return `${eventId}-kp.${format}`;
}

const MIME: Record<ExportFormat, string> = {
  json: 'application/json',
  csv: 'text/csv;charset=utf-8',
  gpx: 'application/gpx+xml',
};

/** The language of a CSV's headers: Estonian for Estonian users, else English. */
export const csvLanguage = (language: string): CsvHeaderLanguage =>
  language.startsWith('et') ? 'et' : 'en';

/** The file's text, made by core's exporters; CSV headers in `language`. */
export function exportText(
  checkpoints: Checkpoint[],
  format: ExportFormat,
  eventName: string,
  language = 'en',
): string {
  switch (format) {
    case 'json':
      return exportCheckpointsJson(checkpoints);
    case 'csv':
      return exportCheckpointsCsv(checkpoints, csvLanguage(language));
    case 'gpx':
      return exportCheckpointsGpx(checkpoints, eventName);
  }
}

/** Offers the event's checkpoints as a file to download; answers the file's name. */
export function downloadCheckpoints(
  checkpoints: Checkpoint[],
  format: ExportFormat,
  event: { id: string; name: string },
  language: string,
): string {
  const fileName = exportFileName(event.id, format);
  downloadText(exportText(checkpoints, format, event.name, language), fileName, MIME[format]);
  return fileName;
}

/** Reads a chosen file's bytes (the import parses them in core, trying UTF-8 then ISO-8859-1). */
export async function readFileBytes(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
