/**
 * The boot script: a few hundred bytes that run before the app's own JavaScript has arrived
 * (index.html loads it ahead of the module script; the build writes it, see bootPlugin.ts). On a
 * public page it starts what the page will need at once, in parallel with the app's shell:
 * - the page's own chunks and the reader's language texts, as module preloads, and the page's
 *   stylesheets (Leaflet's, on a page with a map);
 * - the page's first API answers (the results, the standings…), kept in `__radaPrefetch` by path
 *   for api/client.ts to take instead of asking again.
 * On a slow phone this turns three round trips in a row (shell, then the page's chunks, then its
 * data) into one (bench/pageWeight.ts).
 */

/** A route of the plan: a path pattern, the files its page loads and the API paths it reads. */
export interface BootRoute {
  /** A regular expression over location.pathname; groups are used as $1, $2 in `api`. */
  pattern: string;
  /** Scripts (preloaded as modules) and stylesheets (`.css`, linked). */
  files: string[];
  /** Whether the page waits for all the texts, not only the public ones (App.tsx's organiserPage). */
  allTexts?: boolean;
  /** API paths (after /api), `$1` replaced by the first group, and so on. */
  api: string[];
}

export interface BootPlan {
  routes: BootRoute[];
  /** Language → the files of its texts. */
  languages: Record<string, string[]>;
  /** Language → the files of the rest of its texts (the organiser's). */
  allLanguages: Record<string, string[]>;
  /** The language when neither the stored choice nor the browser's names a known one. */
  fallback: string;
  /** Where the app keeps the reader's choice of language (i18n/index.ts). */
  storageKey: string;
  /** API paths every page reads. */
  always: string[];
}

/** What the boot script reaches for: the few globals it needs, passed in so tests can run it. */
export interface BootWindow {
  location: { pathname: string };
  navigator: { language?: string };
  localStorage: { getItem(key: string): string | null };
  document: {
    head: { appendChild(node: unknown): unknown };
    createElement(tag: 'link'): { rel: string; href: string };
  };
  fetch(url: string, init: RequestInit): Promise<unknown>;
  performance: { now(): number };
  __radaPrefetch?: Record<string, { at: number; answer: Promise<unknown> }>;
}

/**
 * Starts the preloads and fetches for `win.location`. It runs as written in the browser
 * (bootPlugin.ts prints its source), so it uses nothing from outside its own body.
 */
export function boot(plan: BootPlan, win: BootWindow): void {
  const preload = (href: string) => {
    const link = win.document.createElement('link');
    // A stylesheet linked now is one the page's chunk finds already there when it loads.
    link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
    link.href = href;
    win.document.head.appendChild(link);
  };
  const store: Record<string, { at: number; answer: Promise<unknown> }> = {};
  win.__radaPrefetch = store;
  const get = (path: string) => {
    const answer = win.fetch(`/api${path}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    // A failure is the app's to report when it asks; nothing is left unhandled here.
    answer.catch(() => undefined);
    store[path] = { at: win.performance.now(), answer };
  };
  let stored: string | null;
  try {
    stored = win.localStorage.getItem(plan.storageKey);
  } catch {
    stored = null;
  }
  const pick = (value: string | null | undefined) => {
    const short = (value ?? '').slice(0, 2).toLowerCase();
    return plan.languages[short] ? short : null;
  };
  const lang = pick(stored) ?? pick(win.navigator.language) ?? plan.fallback;
  for (const file of plan.languages[lang] ?? []) preload(file);
  for (const route of plan.routes) {
    const match = new RegExp(route.pattern).exec(win.location.pathname);
    if (!match) continue;
    for (const file of route.files) preload(file);
    if (route.allTexts) for (const file of plan.allLanguages[lang] ?? []) preload(file);
    for (const path of [...plan.always, ...route.api]) {
      get(path.replace(/\$(\d)/g, (_, i: string) => match[Number(i)] ?? ''));
    }
    return;
  }
}
