/**
 * Rich texts (spec 01 §3 translations, §4): HTML written in the editor, stored at `{path}` with
 * per-language copies at `{path}_i18n/{lang}`. Readers get their language's copy, else the
 * default. The server sanitises every one before it is stored (packages/server/src/richText).
 * No zod here: public pages read texts with this module (their schemas are in settings.ts).
 */

/** The event settings that hold rich text. */
export const RICH_TEXT_SETTINGS = [
  'description',
  'appmessage',
  'prepagemessage',
  'notallowedmessage',
  'finishedmessage',
] as const;
export type RichTextSetting = (typeof RICH_TEXT_SETTINGS)[number];
export const isRichTextSetting = (key: string): key is RichTextSetting =>
  (RICH_TEXT_SETTINGS as readonly string[]).includes(key);

/** The longest rich text a setting holds (the HTML, with its markup). */
export const RICH_TEXT_SETTING_MAX = 20_000;

/**
 * The tags a rich text may hold: the editor's formatting, nothing that runs or loads anything.
 * The server's sanitiser keeps only these (with a link's href and an ordered list's start), and
 * the web's RichText rebuilds only these.
 */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'a',
];

/** Where the per-language copies of the text at `path` are kept. */
export const textCopiesKey = (path: string): string => `${path}_i18n`;

/** The text at `key` of `doc` for a reader of `lang`: that language's copy, else the default. */
export function localisedText(view: object, key: string, lang: string | null | undefined): string {
  const doc = view as Readonly<Record<string, unknown>>;
  const copies = doc[textCopiesKey(key)];
  if (lang && copies && typeof copies === 'object' && !Array.isArray(copies)) {
    const copy = (copies as Record<string, unknown>)[lang];
    if (typeof copy === 'string' && copy !== '') return copy;
  }
  const text = doc[key];
  return typeof text === 'string' ? text : '';
}

/** The copies kept at `{key}_i18n` of `doc` (strings only), for a view that sends them along. */
export function textCopies(
  doc: Readonly<Record<string, unknown>>,
  key: string,
): Record<string, string> | undefined {
  const copies = doc[textCopiesKey(key)];
  if (!copies || typeof copies !== 'object' || Array.isArray(copies)) return undefined;
  const out = Object.fromEntries(
    Object.entries(copies as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * `{key: text, key_i18n: copies}` of `doc`, the copies only when there are some: what a view
 * sends along so its reader picks their language (localisedText).
 */
export function textWithCopies<K extends string>(
  doc: Readonly<Record<string, unknown>>,
  key: K,
): Record<K, string> & Partial<Record<`${K}_i18n`, Record<string, string>>> {
  const text = doc[key];
  const copies = textCopies(doc, key);
  return {
    [key]: typeof text === 'string' ? text : '',
    ...(copies ? { [textCopiesKey(key)]: copies } : {}),
  } as Record<K, string> & Partial<Record<`${K}_i18n`, Record<string, string>>>;
}

/** Whether a stored text is HTML from the editor (else plain text, shown as written). */
export const isRichText = (text: string): boolean => /<\/?[a-z][a-z0-9]*[\s/>]/i.test(text);
