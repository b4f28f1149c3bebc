import {
  isCourseDataXml,
  parseCheckpointCourseData,
  type CourseDataOptions,
} from './courseData.ts';
import { parseCheckpointCsv } from './csv.ts';
import { decodeImportFile } from './decode.ts';
import { parseCheckpointGpx } from './gpx.ts';
import { parseCheckpointJson } from './json.ts';
import { importIssue, type ImportPreview } from './preview.ts';

type Format = ImportPreview['format'];

const BY_EXTENSION: Record<string, Format> = {
  csv: 'csv',
  tsv: 'csv',
  txt: 'csv',
  json: 'json',
  gpx: 'gpx',
  xml: 'gpx',
};

/** The format a file name's extension names, or null. */
function formatOfName(fileName: string): Format | null {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? null : (BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? null);
}

/** JSON starts with `{` or `[`, XML with `<` (GPX, or CourseData by its root); anything else is read as CSV. */
function sniffFormat(text: string): Format {
  const first = text.replace(/^\uFEFF/, '').trimStart()[0];
  return first === '{' || first === '[' ? 'json' : first === '<' ? 'gpx' : 'csv';
}

/**
 * Previews an uploaded checkpoint file: decodes it (UTF-8, then ISO-8859-1), picks the format by
 * extension (.csv .tsv .txt, .json, .gpx, .xml) or else by content, and parses it. XML (`.xml`,
 * or content that starts with `<`) whose root is `<CourseData>` is IOF CourseData, any other XML
 * is GPX. An undecodable file answers the fileError key `bad fail.....` and no rows. Nothing is
 * written; pass the preview's inputs (see `acceptedInputs`) to `planImport` or the import API.
 * `options.rakoef` (the event's value table) turns CourseData scores into value classes.
 */
export function parseCheckpointFile(
  fileName: string,
  bytes: Uint8Array,
  options: CourseDataOptions = {},
): ImportPreview {
  const named = formatOfName(fileName);
  const decoded = decodeImportFile(bytes);
  if (!decoded.ok)
    return { format: named ?? 'csv', rows: [], fileError: importIssue(decoded.error) };
  let format = named ?? sniffFormat(decoded.text);
  if (format === 'gpx' && !fileName.toLowerCase().endsWith('.gpx') && isCourseDataXml(decoded.text))
    format = 'coursedata';
  const preview =
    format === 'json'
      ? parseCheckpointJson(decoded.text)
      : format === 'gpx'
        ? parseCheckpointGpx(decoded.text)
        : format === 'coursedata'
          ? parseCheckpointCourseData(decoded.text, options)
          : parseCheckpointCsv(decoded.text);
  return { ...preview, encoding: decoded.encoding };
}
