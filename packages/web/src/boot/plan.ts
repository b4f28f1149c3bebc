/**
 * What the boot script (boot.ts) starts for each page: the page's modules (their chunks and what
 * they import are looked up in the build) and the API paths the page reads first. The patterns
 * follow App.tsx's routes; a path segment is matched as it stands in the URL (already encoded),
 * which is how the app's API client encodes it too.
 */
export const BOOT_ROUTES: {
  pattern: string;
  module: string | string[];
  api: string[];
  /** The page is one of App.tsx's organiserPage: it waits for all the texts. */
  allTexts?: boolean;
}[] = [
  {
    pattern: '^/([^/]+)/(?:result|tulemus)/?$',
    module: 'features/results/ResultsPage.tsx',
    api: ['/events/$1', '/events/$1/results'],
  },
  {
    pattern: '^/([^/]+)/responses/?$',
    module: 'features/results/ResponsesPage.tsx',
    api: ['/events/$1', '/events/$1/responses'],
  },
  {
    pattern: '^/([^/]+)/start/?$',
    // The start screen is the page's own lazy chunk: preloaded, it does not wait for the page.
    module: ['features/eventPage/EventStandalonePage.tsx', 'features/startOrder/StartScreen.tsx'],
    api: ['/events/$1', '/events/$1/startlist'],
  },
  {
    pattern: '^/([^/]+)/reg/?$',
    module: 'features/registration/RegistrationPage.tsx',
    api: ['/events/$1/reg'],
  },
  {
    // The live map: the event page and its map tab (Leaflet and its stylesheet) preloaded
    // together with all the texts, the event, its map (layers, the event's own map images) and
    // the teams' tracks, so the map's first view waits for no chain of chunks and answers on a
    // slow phone.
    pattern: '^/([^/]+)/map/?$',
    module: ['features/eventPage/EventPage.tsx', 'features/live/LiveMapTab.tsx'],
    api: ['/events/$1', '/events/$1/map', '/events/$1/tracks'],
    allTexts: true,
  },
  {
    pattern: '^/cup/([^/]+)/?$',
    module: 'features/cups/CupPage.tsx',
    api: ['/cups/$1/standings'],
  },
];

/** API paths every page reads (the app bar's user). */
export const BOOT_ALWAYS = ['/auth/me'];
