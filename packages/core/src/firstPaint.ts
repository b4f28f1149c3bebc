/**
 * The first paint of a public page: for the results, responses and series pages the server
 * writes the first rows into index.html, so a phone shows them as soon as the HTML arrives,
 * before the app's JavaScript (packages/server/src/http/firstPaint.ts); for the start screen and
 * the registration page it writes the page's frame (the event's name, the title) with the app's
 * own loading state. The app then renders the same page over them, once its own data is in
 * (packages/web/src/main.tsx).
 */

/** The texts the server's first paint uses: the web build writes them per language. */
export const FIRST_PAINT_KEYS = [
  'app.name',
  'results.title',
  'results.col.place',
  'results.col.team',
  'results.col.points',
  'results.col.time',
  'results.dsq',
  'results.katk',
  'results.running',
  'responses.title',
  'cup.col.place',
  'cup.col.team',
  'cup.col.total',
  'start.title',
  'reg.title',
  'common.loading',
  'event.tab.overview',
  'event.tab.kp',
  'event.tab.map',
] as const;

export type FirstPaintKey = (typeof FIRST_PAINT_KEYS)[number];

/** Language → the texts of FIRST_PAINT_KEYS; the build writes it as FIRST_PAINT_FILE. */
export type FirstPaintTexts = Record<string, Record<FirstPaintKey, string>>;

/** The file in the web build (dist) with the first paint's texts. */
export const FIRST_PAINT_FILE = 'first-paint.json';

/** How many rows the server writes: more than a desktop screen shows. */
export const FIRST_PAINT_ROWS = 30;

/**
 * The cookie that tells the server the reader's language (the app writes it with its choice);
 * without it the server reads Accept-Language, as the app reads the browser's language.
 */
export const LANGUAGE_COOKIE = 'rada.lang';
