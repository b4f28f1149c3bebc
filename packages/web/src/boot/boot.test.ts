import { describe, expect, it } from 'vitest';
import { boot } from './boot.ts';
import type { BootPlan, BootWindow } from './boot.ts';
import { operations } from '@rada/core';
import { BOOT_ALWAYS, BOOT_ROUTES } from './plan.ts';

const plan: BootPlan = {
  routes: [
    {
      pattern: '^/([^/]+)/(?:result|tulemus)/?$',
      files: ['/assets/R.js'],
      api: ['/events/$1/results'],
    },
    { pattern: '^/cup/([^/]+)/?$', files: ['/assets/C.js'], api: ['/cups/$1/standings'] },
    {
      pattern: '^/([^/]+)/map/?$',
      files: ['/assets/M.js', '/assets/M.css'],
      api: ['/events/$1/map'],
      allTexts: true,
    },
  ],
  languages: { en: ['/assets/en.js'], et: ['/assets/et.js'] },
  allLanguages: { en: ['/assets/allEn.js'], et: ['/assets/allEt.js'] },
  fallback: 'en',
  storageKey: 'rada.lang',
  always: ['/auth/me'],
};

/** A window at `pathname` that records what the boot script preloads and fetches. */
function fakeWindow(pathname: string, stored: string | null, language = 'en-US') {
  const preloads: string[] = [];
  const rels: string[] = [];
  const fetched: string[] = [];
  const win: BootWindow = {
    location: { pathname },
    navigator: { language },
    localStorage: {
      getItem: () => {
        if (stored === 'throw') throw new Error('private mode');
        return stored;
      },
    },
    document: {
      head: {
        appendChild: (node) => {
          const link = node as { href: string; rel: string };
          preloads.push(link.href);
          rels.push(link.rel);
        },
      },
      createElement: () => ({ rel: '', href: '' }),
    },
    fetch: (url) => {
      fetched.push(url);
      return Promise.resolve({ url });
    },
    performance: { now: () => 42 },
  };
  return { win, preloads, rels, fetched };
}

describe('boot script', () => {
  it("starts a public page's chunks, its data and the reader's texts", () => {
    const { win, preloads, fetched } = fakeWindow('/rogaine-2026/tulemus', 'et');
    boot(plan, win);
    expect(preloads).toEqual(['/assets/et.js', '/assets/R.js']);
    expect(fetched).toEqual(['/api/auth/me', '/api/events/rogaine-2026/results']);
    expect(Object.keys(win.__radaPrefetch ?? {})).toEqual([
      '/auth/me',
      '/events/rogaine-2026/results',
    ]);
    expect(win.__radaPrefetch?.['/auth/me']?.at).toBe(42);
  });

  it('takes the browser language when none is stored, and the fallback for any other', () => {
    const estonian = fakeWindow('/cup/c1', null, 'et-EE');
    boot(plan, estonian.win);
    expect(estonian.preloads).toEqual(['/assets/et.js', '/assets/C.js']);
    expect(estonian.fetched).toEqual(['/api/auth/me', '/api/cups/c1/standings']);
    const finnish = fakeWindow('/cup/c1', 'throw', 'fi-FI');
    boot(plan, finnish.win);
    expect(finnish.preloads[0]).toBe('/assets/en.js');
  });

  it("links an organiser's page's stylesheets and starts all the texts it waits for", () => {
    const { win, preloads, rels, fetched } = fakeWindow('/rogaine-2026/map', 'et');
    boot(plan, win);
    expect(preloads).toEqual([
      '/assets/et.js',
      '/assets/M.js',
      '/assets/M.css',
      '/assets/allEt.js',
    ]);
    expect(rels).toEqual(['modulepreload', 'modulepreload', 'stylesheet', 'modulepreload']);
    expect(fetched).toEqual(['/api/auth/me', '/api/events/rogaine-2026/map']);
  });

  it('fetches nothing on pages outside the plan', () => {
    const { win, preloads, fetched } = fakeWindow('/rogaine-2026/settings', 'en');
    boot(plan, win);
    expect(preloads).toEqual(['/assets/en.js']);
    expect(fetched).toEqual([]);
  });

  it("has a pattern for each public page and none for the organiser's", () => {
    const matches = (path: string) => BOOT_ROUTES.filter((r) => new RegExp(r.pattern).test(path));
    for (const path of [
      '/e1/result',
      '/e1/tulemus',
      '/e1/responses',
      '/e1/start',
      '/e1/reg',
      '/e1/map',
      '/cup/c1',
    ]) {
      expect(matches(path), path).toHaveLength(1);
    }
    for (const path of ['/', '/e1', '/e1/settings', '/e1/play', '/account']) {
      expect(matches(path), path).toHaveLength(0);
    }
  });

  it("fetches only paths of the contract's GET operations", () => {
    // The plan's paths are patterns ($1 for the page's id); each must be a declared GET whose
    // path parameter it fills, so a renamed route cannot leave the boot script asking the old one.
    const gets = new Set(
      Object.values(operations)
        .filter((line) => line.startsWith('GET '))
        .map((line) => line.slice(4).replace(/:[A-Za-z]+/g, () => '$1')),
    );
    for (const path of [...BOOT_ROUTES.flatMap((r) => r.api), ...BOOT_ALWAYS]) {
      expect(gets.has(path), path).toBe(true);
    }
  });
});
