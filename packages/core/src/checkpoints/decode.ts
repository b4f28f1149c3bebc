/**
 * Decoding an uploaded import file (spec 01 §8 `bad fail.....`): UTF-8 first, then a retry as
 * ISO-8859-1. The retry decodes the Windows-1252 superset, as browsers do for that label, so
 * Estonian š and ž from spreadsheet "ANSI" exports come through.
 */

// TextDecoder is a web-standard global (browsers, Node); core's lib setting does not declare it.
declare const TextDecoder: new (
  label?: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => { decode(input: Uint8Array): string };

export type DecodeResult =
  | { ok: true; text: string; encoding: 'utf-8' | 'iso-8859-1' }
  | { ok: false; error: 'bad fail.....' };

/** Windows-1252 characters for bytes 0x80..0x9F; undefined bytes keep their C1 code point. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** NUL and the other C0 controls except tab, LF and CR mark a binary file. */
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

function decodeLatin1(bytes: Uint8Array): string {
  let out = '';
  const chunk: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    chunk.push(b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b);
    if (chunk.length === 8192) {
      out += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return out + String.fromCharCode(...chunk);
}

/**
 * Decodes the bytes of an import file as text: strict UTF-8 (a BOM is dropped), or when that
 * fails ISO-8859-1. Either reading fails when the text holds NUL or other C0 control characters
 * besides tab, CR and LF (a binary file); when both fail the answer is `bad fail.....`.
 */
export function decodeImportFile(bytes: Uint8Array): DecodeResult {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    if (!BINARY.test(text)) return { ok: true, text, encoding: 'utf-8' };
  } catch {
    // not UTF-8: retry as ISO-8859-1 below
  }
  const text = decodeLatin1(bytes);
  if (!BINARY.test(text)) return { ok: true, text, encoding: 'iso-8859-1' };
  return { ok: false, error: 'bad fail.....' };
}
