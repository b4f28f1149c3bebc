import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_SETTINGS, RICH_TEXT_TAGS, isRichText, textCopiesKey } from '@rada/core';

/**
 * What a rich text may hold (spec 01 §4): core's RICH_TEXT_TAGS, nothing that runs or loads
 * anything. Everything else is dropped with its markup kept out (a <script> and its text go
 * entirely; an onerror attribute, a javascript: link and a style go).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opens outside the app, and the page it opens gets no hold of this one.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/**
 * A text as it may be stored and shown: HTML cut to the allowlist above. A plain text (no markup:
 * texts written before the editor, or in a text field) stays as written; it is shown as text.
 */
export function sanitizeRichText(text: string): string {
  return isRichText(text) ? sanitizeHtml(text, OPTIONS) : text;
}

/**
 * `doc` with its rich text at `key` and every language copy of it sanitised (a copy that is not
 * a string is dropped); the same object when it holds neither.
 */
function sanitizeTextsOf<T extends Record<string, unknown>>(doc: T, keys: readonly string[]): T {
  let out: Record<string, unknown> | undefined;
  const set = (key: string, value: unknown) => {
    out ??= { ...doc };
    out[key] = value;
  };
  for (const key of keys) {
    if (typeof doc[key] === 'string') set(key, sanitizeRichText(doc[key]));
    const copiesKey = textCopiesKey(key);
    const copies = doc[copiesKey];
    if (copies && typeof copies === 'object' && !Array.isArray(copies)) {
      set(
        copiesKey,
        Object.fromEntries(
          Object.entries(copies as Record<string, unknown>).flatMap(([lang, text]) =>
            typeof text === 'string' ? [[lang, sanitizeRichText(text)]] : [],
          ),
        ),
      );
    }
  }
  return (out ?? doc) as T;
}

/** An event's settings with their rich texts sanitised. */
export const sanitizeSettingsTexts = <T extends Record<string, unknown>>(settings: T): T =>
  sanitizeTextsOf(settings, RICH_TEXT_SETTINGS);

/** A KP's data document with its long description sanitised; anything but an object as it is. */
export function sanitizeKpTexts<T>(data: T): T {
  return data && typeof data === 'object' && !Array.isArray(data)
    ? (sanitizeTextsOf(data as Record<string, unknown>, ['longdesc']) as T)
    : data;
}
