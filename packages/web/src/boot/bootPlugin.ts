import type { Plugin } from 'vite';
import { boot } from './boot.ts';
import type { BootPlan } from './boot.ts';
import { BOOT_ALWAYS, BOOT_ROUTES } from './plan.ts';
import { FIRST_PAINT_FILE, FIRST_PAINT_KEYS } from '@rada/core';
import type { FirstPaintTexts } from '@rada/core';
import { publicEn } from '../i18n/publicEn.ts';
import { publicEt } from '../i18n/publicEt.ts';

/** The chunk of a built module, by its path under src/, and the chunks it imports. */
interface ChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  /** Vite's note of the stylesheets the chunk's modules import. */
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes the boot script (boot.ts) into the build: the plan of BOOT_ROUTES resolved to the
 * built files (each page's chunk and every chunk it imports statically, less those the entry
 * loads anyway), the language bundles, then inline in index.html before the app's module
 * script. The build fails when a page of the plan has no chunk, so the plan cannot
 * drift from App.tsx unnoticed. It also writes the texts of the server's first paint
 * (FIRST_PAINT_FILE, packages/server/src/http/firstPaint.ts) from the app's own.
 */
export function bootScript(options: { storageKey: string; fallback: string }): Plugin {
  return {
    name: 'rada-boot',
    apply: 'build',
    // After Vite's own plugins: index.html is in the bundle by then.
    enforce: 'post',
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter(
        (f): f is ChunkLike & typeof f => f.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const walk = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const next of byFile.get(file)?.imports ?? []) walk(next);
        };
        start.forEach(walk);
        return seen;
      };
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') {
        throw new Error('rada-boot: index.html is not in the bundle yet');
      }
      // The entries are whatever index.html's module script loads (rolldown may fold it into the
      // shell group's chunk, which is then not flagged as an entry).
      const entries = [...html.source.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map(
        (m) => m[1] ?? '',
      );
      if (entries.length === 0 || !entries.every((f) => byFile.has(f))) {
        throw new Error('rada-boot: index.html loads no chunk of the build');
      }
      const loaded = closure(entries);
      const filesOf = (module: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${module}`));
        if (!chunk) throw new Error(`rada-boot: no chunk for src/${module}`);
        const files = [...closure([chunk.fileName])].filter((f) => !loaded.has(f));
        const css = files.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [...files, ...css].map((f) => `/${f}`);
      };
      const plan: BootPlan = {
        routes: BOOT_ROUTES.map((r) => ({
          pattern: r.pattern,
          files: [...new Set([r.module].flat().flatMap(filesOf))],
          api: r.api,
          ...(r.allTexts ? { allTexts: true } : {}),
        })),
        languages: { en: filesOf('i18n/publicEn.ts'), et: filesOf('i18n/publicEt.ts') },
        allLanguages: { en: filesOf('i18n/organiserEn.ts'), et: filesOf('i18n/organiserEt.ts') },
        fallback: options.fallback,
        storageKey: options.storageKey,
        always: BOOT_ALWAYS,
      };
      const texts: FirstPaintTexts = {};
      for (const [lang, all] of Object.entries({ en: publicEn, et: publicEt })) {
        const own = all as Record<string, string>;
        texts[lang] = Object.fromEntries(
          FIRST_PAINT_KEYS.map((key) => {
            if (typeof own[key] !== 'string') throw new Error(`rada-boot: no ${lang} text ${key}`);
            return [key, own[key]];
          }),
        ) as FirstPaintTexts[string];
      }
      this.emitFile({ type: 'asset', fileName: FIRST_PAINT_FILE, source: JSON.stringify(texts) });
      // Inline, so that its preloads and fetches start as the HTML is parsed, not a round trip
      // later; the server allows it by its hash (packages/server/src/http/webApp.ts). `<` is
      // escaped so that nothing in the plan can close the script element.
      const planJson = JSON.stringify(plan).replace(/</g, '\\u003c');
      const script = `<script>(${boot.toString()})(${planJson}, window);</script>`;
      const tag = '<script type="module"';
      // A function, so that `$` in the script is not read as a replacement pattern.
      html.source = html.source.replace(tag, () => `${script}\n    ${tag}`);
    },
  };
}
