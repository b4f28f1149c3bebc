import {
  PROTOCOL_VERSION,
  TRANSLATIONS_TOPIC,
  TRANSLATION_LANGUAGES,
  translationPath,
} from '@rada/core';
import type { TranslationBody, TranslationLanguage, TranslationOverrides } from '@rada/core';
import type { Actor } from '../auth/actor.ts';
import type { Store } from '../db/store.ts';
import { auditRow } from '../db/audit.ts';
import type { AuditRow } from '../db/audit.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import type { Bus } from '../realtime/bus.ts';
import { canEditTranslations } from '../policies/platform.policy.ts';

export interface TranslationDeps {
  store: Store;
  bus: Bus;
  now: () => number;
}

const isLanguage = (lang: string): lang is TranslationLanguage =>
  (TRANSLATION_LANGUAGES as readonly string[]).includes(lang);

/**
 * The interface's translation overrides (spec 01 §5, spec 02 §2): anyone reads them (the web
 * app lays them over its bundled texts); the platform owner and super admins save a key's
 * English and Estonian texts together, or remove them (back to the bundled texts). Every change
 * writes audit rows in its transaction and, once committed, is announced on TRANSLATIONS_TOPIC
 * so every open app reloads them.
 */
export function translationService({ store, bus, now }: TranslationDeps) {
  function guard(actor: Actor | null): Actor {
    if (!canEditTranslations(actor)) throw actor ? forbidden() : unauthorized();
    return actor;
  }

  function audit(
    by: Actor,
    action: string,
    key: string,
    old: Partial<Record<string, string>>,
    next: Partial<Record<string, string>>,
  ): AuditRow[] {
    const at = now();
    return TRANSLATION_LANGUAGES.map((lang) => ({
      ...auditRow(at, by, '', action, translationPath(lang, key), old[lang], next[lang]),
      // A platform change, of no event.
      event_id: null,
    }));
  }

  const announce = () =>
    bus.publish(TRANSLATIONS_TOPIC, { v: PROTOCOL_VERSION, type: 'translations.changed' });

  return {
    /** Every stored text by language and key. */
    async overrides(): Promise<TranslationOverrides> {
      const out: TranslationOverrides = { en: {}, et: {} };
      for (const row of await store.translations.all()) {
        if (isLanguage(row.lang)) out[row.lang][row.key] = row.value;
      }
      return out;
    },

    /** Saves both languages' texts of `key` in one transaction; answers what is stored. */
    async set(actor: Actor | null, key: string, body: TranslationBody): Promise<TranslationBody> {
      const by = guard(actor);
      await store.transaction(async (repos) => {
        const old = Object.fromEntries(
          (await repos.translations.ofKey(key)).map((r) => [r.lang, r.value]),
        );
        for (const lang of TRANSLATION_LANGUAGES) {
          await repos.translations.set(lang, key, body[lang]);
        }
        await repos.audit.insert(audit(by, 'translation.set', key, old, body));
      });
      announce();
      return { en: body.en, et: body.et };
    },

    /** Removes the texts of `key`, so the bundled ones show again; 404 when none is stored. */
    async remove(actor: Actor | null, key: string): Promise<void> {
      const by = guard(actor);
      await store.transaction(async (repos) => {
        const old = Object.fromEntries(
          (await repos.translations.ofKey(key)).map((r) => [r.lang, r.value]),
        );
        if ((await repos.translations.remove(key)) === 0) throw notFound();
        await repos.audit.insert(audit(by, 'translation.remove', key, old, {}));
      });
      announce();
    },
  };
}
export type TranslationService = ReturnType<typeof translationService>;
