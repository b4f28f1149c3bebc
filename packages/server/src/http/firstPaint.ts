import fs from 'node:fs';
import path from 'node:path';
import { gridExtent } from '../mapImages/tileRange.ts';
import {
  FIRST_PAINT_FILE,
  FIRST_PAINT_KEYS,
  FIRST_PAINT_ROWS,
  PROGRESS_SHOW_DELAY_MS,
  cupTitle,
  overallRows,
  placeLabel,
  responseCell,
  shownPoints,
  TILE_GRID_DEFS,
  TILE_SIZE,
  gridResolution,
} from '@rada/core';
import type {
  CupStandingsView,
  EventMapImageView,
  EventMapView,
  EventSummary,
  FirstPaintKey,
  FirstPaintTexts,
  ResponsesView,
  ResultsView,
} from '@rada/core';

/**
 * The first rows of the results, responses and series pages, written by the server into
 * index.html: a phone on a slow link shows them when the HTML arrives, a second or two before
 * the app's JavaScript has loaded and run (bench/pageWeight.ts). The start screen and the
 * registration page get their frame instead (the event's name and the page's title over the
 * app's loading state): their times and dates are in the reader's own time zone, which only the
 * app knows. The live map gets its frame with the first published map image in it (mapImageSvg).
 * What is written is what an anonymous reader may see (the same reads as the API's,
 * with no caller); the app renders the real page over it once its own data is in
 * (packages/web/src/main.tsx). Plain HTML and a few style rules that look like the page the app
 * draws, with the same test ids.
 */

/** The reads the first paint needs, as an anonymous reader (each refuses what they may not see). */
export interface FirstPaintSources {
  event(id: string): Promise<EventSummary>;
  /** The results API's JSON body: the same Buffer while the results and their settings stand. */
  results(id: string): Promise<Buffer>;
  responses(id: string): Promise<ResponsesView>;
  standings(cupId: string): Promise<CupStandingsView>;
  /** The event's map as GET /api/events/:id/map answers it (its published map images). */
  map(id: string): Promise<EventMapView>;
}

type Texts = Record<FirstPaintKey, string>;

/** How many KP columns of the responses matrix are written (a wide screen's worth). */
const RESPONSES_COLUMNS = 20;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The looks of the app's pages (theme.ts, AppShell, the tables' small cells), in plain CSS. */
const STYLE = `<style>
body{margin:0;background:#f5f6f3}
.fp{font-family:Roboto,Helvetica,Arial,sans-serif;color:rgba(0,0,0,.87)}
.fp-bar{position:sticky;top:0;background:#2e6b3a;color:#fff;min-height:56px;display:flex;align-items:center;padding:0 16px;font-size:1.25rem;font-weight:700;letter-spacing:1px;box-shadow:0 2px 4px -1px rgba(0,0,0,.2)}
@media(min-width:600px){.fp-bar{min-height:64px;padding:0 24px}}
.fp-main{max-width:1200px;margin:0 auto;padding:16px}
@media(min-width:600px){.fp-main{padding:48px}}.fp-main.fp-narrow{max-width:1100px}
.fp h1{font-size:1.25rem;line-height:1.25;font-weight:600;margin:0 0 8px}
@media(min-width:600px){.fp h1{font-size:1.5rem}}
.fp-scroll{overflow-x:auto}
.fp table{border-collapse:collapse;width:100%;font-size:.875rem;line-height:1.43}
.fp th{text-align:left;font-weight:500;padding:6px 6px;border-bottom:1px solid #e0e0e0}
.fp td,.fp tbody th{padding:6px 6px;border-bottom:1px solid #e0e0e0;font-weight:400}
@media(min-width:600px){.fp th,.fp td{padding:6px 16px}}
.fp .n{text-align:right}.fp .b{font-weight:600}.fp .c{text-align:center}.fp .w{white-space:nowrap}
.fp tr.d{opacity:.6}.fp .m-ok{background:#4caf50;color:#fff}.fp .m-wrong{background:#ef5350;color:#fff}
.fp .r{margin-left:4px;padding:1px 8px;font-size:.75rem;border-radius:4px;border:1px solid #2e6b3a;color:#2e6b3a}
.fp-load{display:flex;align-items:center;justify-content:center;gap:16px;padding:32px 0;color:rgba(0,0,0,.6);opacity:0;animation:fp-show 0s ${PROGRESS_SHOW_DELAY_MS}ms forwards}
.fp-load i{width:18px;height:18px;border:3px solid #2e6b3a;border-right-color:transparent;border-radius:50%;animation:fp-spin 1.4s linear infinite}
@keyframes fp-spin{to{transform:rotate(360deg)}}@keyframes fp-show{to{opacity:1}}
.fp-start{position:fixed;inset:0;overflow:auto;background:#0d1110;color:#fff;padding:12px}
@media(min-width:600px){.fp-start{padding:24px}}
.fp-start>div{max-width:1600px;margin:0 auto}.fp-start h1{font-size:1.25rem;font-weight:500;padding:8px 0 8px 48px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.fp-start .fp-load{color:rgba(255,255,255,.7)}.fp-start .fp-load i{border-color:#8fd19e;border-right-color:transparent}
.fp-page{max-width:1200px;margin:0 auto;padding:24px 16px}.fp-reg{max-width:880px;margin:0 auto;padding:12px}
@media(min-width:600px){.fp-page,.fp-reg{padding:24px}}.fp .fp-reg h1{font-size:1.5rem;line-height:1.334;margin:0}
.fp-reg p{margin:0 0 16px;color:rgba(0,0,0,.6);font-size:1rem;line-height:1.5}
.fp .fp-ev{font-size:2.125rem;line-height:1.235;font-weight:600;margin:0;word-break:break-word}
.fp-tabs{display:flex;overflow:hidden;margin:48px 0 16px;background:#fff;border:1px solid #e0e0e0;border-radius:8px}
.fp-tabs span{padding:14px 16px;font-size:.875rem;font-weight:500;line-height:1.25;text-transform:uppercase;letter-spacing:.03em;color:rgba(0,0,0,.6);white-space:nowrap}
.fp-tabs .on{color:#2e6b3a;box-shadow:inset 0 -2px #2e6b3a}
.fp-map{height:70vh;min-height:480px;margin-top:48px;background:#ddd;border:1px solid #e0e0e0;border-radius:8px;overflow:hidden}
.fp-map svg{display:block;width:100%;height:100%}
</style>`;

/** What the app shows while a page's data loads (components/States.tsx' LoadingState). */
const loading = (texts: Texts) =>
  `<div class="fp-load" role="status"><i></i>${escapeHtml(texts['common.loading'])}</div>`;

/** The app bar of every page but the start screen. */
const bar = (texts: Texts) => `<div class="fp-bar">${escapeHtml(texts['app.name'])}</div>`;

/** The painted page of `pathname` (main.tsx drops it when the path differs): styles, then `inner`. */
const painted = (pathname: string, inner: string) =>
  `<div class="fp" data-first-paint="${escapeHtml(pathname)}">${STYLE}${inner}</div>`;

/** The page around a table: the app bar, the title and the table's head. */
function frame(
  texts: Texts,
  pathname: string,
  title: string,
  /** The column heads, each with its class ('n' for numbers). */
  head: [text: string, className?: string][],
  body: string,
  /** The results page's narrower column. */
  narrow = false,
) {
  const cells = head
    .map(([text, cls]) => `<th${cls ? ` class="${cls}"` : ''}>${escapeHtml(text)}</th>`)
    .join('');
  return painted(
    pathname,
    `${bar(texts)}<div class="fp-main${narrow ? ' fp-narrow' : ''}"><h1>${escapeHtml(title)}</h1><div class="fp-scroll"><table>` +
      `<thead><tr>${cells}</tr></thead><tbody>${body}</tbody></table></div></div>`,
  );
}

function resultsHtml(texts: Texts, pathname: string, event: EventSummary, view: ResultsView) {
  const { pointssuffix } = view.settings;
  const rows = overallRows(view.results)
    .slice(0, FIRST_PAINT_ROWS)
    .map(({ result: r, place }) => {
      const dim = r.dsq || r.katk || r.status === 'notstarted';
      const mark = r.dsq
        ? texts['results.dsq']
        : r.katk
          ? texts['results.katk']
          : r.status === 'notstarted'
            ? ''
            : placeLabel(place);
      const running =
        r.status === 'running'
          ? `<span class="r">${escapeHtml(texts['results.running'])}</span>`
          : '';
      return (
        `<tr${dim ? ' class="d"' : ''} data-testid="results-row-${escapeHtml(r.teamId)}"` +
        ` data-place="${place ?? ''}" data-status="${r.status}">` +
        `<td class="b">${escapeHtml(mark)}</td><td>${escapeHtml(r.name)}</td>` +
        `<td class="n b w">${escapeHtml(shownPoints(r.sum, pointssuffix))}</td>` +
        `<td class="n w">${escapeHtml(r.spenttime ?? '')}${running}</td></tr>`
      );
    });
  return frame(
    texts,
    pathname,
    `${event.name} — ${texts['results.title']}`,
    [
      [texts['results.col.place']],
      [texts['results.col.team']],
      [texts['results.col.points'], 'n'],
      [texts['results.col.time'], 'n'],
    ],
    rows.join(''),
    true,
  );
}

function responsesHtml(texts: Texts, pathname: string, event: EventSummary, view: ResponsesView) {
  const kps = view.kps.slice(0, RESPONSES_COLUMNS);
  const rows = view.teams.slice(0, FIRST_PAINT_ROWS).map((team) => {
    const cells = kps.map((kp, i) => {
      const cell = responseCell(team, i);
      const text = cell.answer === null ? '' : (kp.responses[cell.answer] ?? cell.answer);
      const shown = text || (cell.state === 'none' ? '' : '•');
      return `<td class="c m-${cell.state}">${escapeHtml(shown)}</td>`;
    });
    return (
      `<tr data-testid="responses-row-${escapeHtml(team.id)}">` +
      `<th scope="row" class="w">${escapeHtml(team.name)}</th>${cells.join('')}</tr>`
    );
  });
  return frame(
    texts,
    pathname,
    `${event.name} — ${texts['responses.title']}`,
    [[texts['results.col.team']], ...kps.map((kp): [string, string] => [kp.nr ?? kp.id, 'c'])],
    rows.join(''),
  );
}

function cupHtml(texts: Texts, pathname: string, view: CupStandingsView) {
  const first = view.rows[0]?.class;
  const rows = view.rows
    .filter((r) => r.class === first)
    .slice(0, FIRST_PAINT_ROWS)
    .map(
      (r) =>
        `<tr data-testid="cup-row-${escapeHtml(r.key)}" data-place="${r.place ?? ''}">` +
        `<td class="b">${escapeHtml(r.placeLabel)}</td><td>${escapeHtml(r.name)}</td>` +
        `<td class="n b">${r.total}</td></tr>`,
    );
  return frame(
    texts,
    pathname,
    cupTitle(view.cup),
    [[texts['cup.col.place']], [texts['cup.col.team']], [texts['cup.col.total'], 'n']],
    rows.join(''),
  );
}

/** The start screen (StartScreen.tsx): dark, full-screen, its title over the loading state. */
function startHtml(texts: Texts, pathname: string, event: EventSummary) {
  return painted(
    pathname,
    `<div class="fp-start" data-testid="start-screen"><div>` +
      `<h1>${escapeHtml(`${event.name} — ${texts['start.title']}`)}</h1>${loading(texts)}</div></div>`,
  );
}

/** The registration page (RegistrationPage.tsx): the event's name and the page's title. */
function regHtml(texts: Texts, pathname: string, event: EventSummary) {
  return painted(
    pathname,
    `${bar(texts)}<div class="fp-page"><div class="fp-reg"><h1 data-testid="reg-event-name">${escapeHtml(event.name)}</h1>` +
      `<p>${escapeHtml(texts['reg.title'])}</p>${loading(texts)}</div></div>`,
  );
}

/** The longest side of a map image's first view, in its tiles' pixels: a few tiles, a phone's width. */
const MAP_VIEW_PX = 640;
/** More tiles than this (an image far from square) and the map gets no first view. */
const MAP_VIEW_MAX_TILES = 16;

/**
 * The first view of an event's map image: its Web Mercator tiles of one zoom (the grid the live
 * map draws in over its default base map; the same immutable URLs as the app's) placed in an
 * SVG that fits the image's extent to the map's box, each tile also preloaded at high priority
 * (an SVG image is asked at low priority, and on a slow link it waited seconds behind the app's
 * scripts); null when the image has no such tiles.
 * Coordinates are from the first tile's corner: a tile's own pixel numbers exceed what SVG's
 * single-precision floats hold exactly.
 */
export function mapImageSvg(image: EventMapImageView): string | null {
  const set = image.tiles?.grids['3857'];
  if (image.state !== 'ready' || !image.tiles || !set || !image.placement) return null;
  const extent = gridExtent(image.placement, image.width, image.height, '3857');
  if (!extent) return null;
  const def = TILE_GRID_DEFS['3857'];
  const longest = Math.max(extent[2] - extent[0], extent[3] - extent[1]);
  let z = set.minZoom;
  while (z < set.maxZoom && longest / gridResolution(def, z + 1) <= MAP_VIEW_PX) z++;
  const res = gridResolution(def, z);
  const left = (extent[0] - def.originX) / res;
  const top = (def.originY - extent[3]) / res;
  const width = (extent[2] - extent[0]) / res;
  const height = (extent[3] - extent[1]) / res;
  const [x0, y0] = [Math.floor(left / TILE_SIZE), Math.floor(top / TILE_SIZE)];
  const x1 = Math.ceil((left + width) / TILE_SIZE) - 1;
  const y1 = Math.ceil((top + height) / TILE_SIZE) - 1;
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAP_VIEW_MAX_TILES) return null;
  const url = image.tiles.url.replaceAll('{grid}', '3857').replace('{z}', String(z));
  const tiles: string[] = [];
  const preloads: string[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const href = escapeHtml(url.replace('{x}', String(x)).replace('{y}', String(y)));
      // Asked first: images otherwise wait behind the app's scripts on a slow link.
      preloads.push(`<link rel="preload" as="image" fetchpriority="high" href="${href}">`);
      // Half a pixel over the next tile: no hairline between tiles when the view is scaled.
      tiles.push(
        `<image href="${href}"` +
          ` x="${(x - x0) * TILE_SIZE}" y="${(y - y0) * TILE_SIZE}"` +
          ` width="${TILE_SIZE + 0.5}" height="${TILE_SIZE + 0.5}"/>`,
      );
    }
  }
  const box = [left - x0 * TILE_SIZE, top - y0 * TILE_SIZE, width, height]
    .map((n) => n.toFixed(2))
    .join(' ');
  return (
    preloads.join('') +
    `<svg viewBox="${box}" preserveAspectRatio="xMidYMid meet" role="img"` +
    ` aria-label="${escapeHtml(image.name)}" data-testid="first-paint-map">${tiles.join('')}</svg>`
  );
}

/**
 * The live map (LiveMapTab.tsx) as a visitor first sees it: the event's name, its tabs and the
 * map's box with the first published map image in it; null when the public sees no map there.
 */
function mapHtml(texts: Texts, pathname: string, event: EventSummary, view: EventMapView) {
  if (event.hidetracks) return null;
  const shown: ('overview' | 'kp' | 'map')[] = [
    'overview',
    ...(event.kpsinweb ? ['kp' as const] : []),
    'map',
  ];
  const tabs = shown.map(
    (tab) =>
      `<span${tab === 'map' ? ' class="on"' : ''}>` +
      `${escapeHtml(texts[`event.tab.${tab}`])}</span>`,
  );
  const image = view.images.map(mapImageSvg).find((svg) => svg !== null);
  return painted(
    pathname,
    `${bar(texts)}<div class="fp-main"><h1 class="fp-ev">${escapeHtml(event.name)}</h1>` +
      `<div class="fp-tabs">${tabs.join('')}</div>` +
      `<div class="fp-map">${image ?? loading(texts)}</div></div>`,
  );
}

type PageKind = 'results' | 'responses' | 'cup' | 'start' | 'reg' | 'map';

/** The page a path names, with its id (still URL-encoded, as the app's router sees it). */
function pageOf(pathname: string): { kind: PageKind; id: string } | null {
  const cup = /^\/cup\/([^/]+)\/?$/.exec(pathname);
  if (cup) return { kind: 'cup', id: cup[1]! };
  const event = /^\/([^/]+)\/(result|tulemus|responses|start|reg|map)\/?$/.exec(pathname);
  if (!event) return null;
  const kind = event[2] === 'result' || event[2] === 'tulemus' ? 'results' : event[2];
  return { kind: kind as PageKind, id: event[1]! };
}

/** The reader's language: the app's cookie, else the first known one of Accept-Language. */
export function paintLanguage(
  texts: FirstPaintTexts,
  cookie: string | undefined,
  acceptLanguage: string | undefined,
): string {
  const known = (value: string | undefined) => {
    const short = (value ?? '').trim().slice(0, 2).toLowerCase();
    return short in texts ? short : null;
  };
  const fromHeader = (acceptLanguage ?? '')
    .split(',')
    .map((part) => known(part.split(';')[0]))
    .find((lang) => lang !== null);
  return known(cookie) ?? fromHeader ?? Object.keys(texts)[0] ?? 'en';
}

/**
 * The first paint of the build in `dist`, or null when the build has no texts for it (an older
 * build): `paint` answers the HTML to put inside #root for a path, or null for a page without
 * one, an unknown event and anything the anonymous reader may not see.
 */
export function firstPaint(dist: string, sources: FirstPaintSources) {
  let texts: FirstPaintTexts;
  try {
    texts = JSON.parse(
      fs.readFileSync(path.join(dist, FIRST_PAINT_FILE), 'utf8'),
    ) as FirstPaintTexts;
  } catch {
    return null;
  }
  for (const lang of Object.keys(texts)) {
    for (const key of FIRST_PAINT_KEYS) {
      if (typeof texts[lang]?.[key] !== 'string') return null;
    }
  }
  // Results pages by the body they were written from, then by language and event name: a
  // thousand readers of the same results cost one parse and one sort of the whole list.
  const written = new WeakMap<Buffer, Map<string, string>>();
  async function results(texts: Texts, lang: string, pathname: string, id: string) {
    const event = await sources.event(id);
    const body = await sources.results(id);
    const key = `${lang}\n${pathname}\n${event.name}`;
    const known = written.get(body)?.get(key);
    if (known !== undefined) return known;
    const html = resultsHtml(
      texts,
      pathname,
      event,
      JSON.parse(body.toString('utf8')) as ResultsView,
    );
    const byKey = written.get(body) ?? new Map<string, string>();
    // A handful of keys per body at most; a new body (new results) starts over.
    if (byKey.size >= 16) byKey.clear();
    byKey.set(key, html);
    written.set(body, byKey);
    return html;
  }
  return {
    texts,
    async paint(pathname: string, lang: string): Promise<string | null> {
      const page = pageOf(pathname);
      const own = texts[lang];
      if (!page || !own) return null;
      let id: string;
      try {
        id = decodeURIComponent(page.id);
      } catch {
        return null;
      }
      try {
        if (page.kind === 'cup') return cupHtml(own, pathname, await sources.standings(id));
        if (page.kind === 'results') return await results(own, lang, pathname, id);
        const event = await sources.event(id);
        if (page.kind === 'start') return startHtml(own, pathname, event);
        if (page.kind === 'reg') return regHtml(own, pathname, event);
        if (page.kind === 'map') return mapHtml(own, pathname, event, await sources.map(id));
        return responsesHtml(own, pathname, event, await sources.responses(id));
      } catch {
        // Not found, hidden, not public: the app asks and says so itself.
        return null;
      }
    },
  };
}
