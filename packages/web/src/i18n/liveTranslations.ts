import { useEffect } from 'react';
import { TRANSLATIONS_TOPIC } from '@rada/core';
import type { RealtimeConnection } from '../api/realtime.ts';
import { loadTranslationOverrides } from './index.ts';

/**
 * Follows the translation overrides' topic for as long as the app runs: a `translations.changed`
 * message, or a resubscription after the socket was away (a change may have been missed),
 * reloads the overrides, so a text saved in the translation editor shows at once everywhere.
 */
export function useLiveTranslations(realtime: RealtimeConnection): void {
  useEffect(() => {
    let confirmed = false;
    const stopListening = realtime.listen({
      message: (m) => {
        if (m.type === 'translations.changed') {
          void loadTranslationOverrides();
        } else if (m.type === 'subscribed' && m.topic === TRANSLATIONS_TOPIC) {
          // The first confirmation follows the load of main.tsx; later ones are reconnects.
          if (confirmed) void loadTranslationOverrides();
          confirmed = true;
          // Test hook: a browser test waits for it before it changes a text elsewhere.
          (window as unknown as { __radaTexts?: boolean }).__radaTexts = true;
        }
      },
      closed: () => {
        (window as unknown as { __radaTexts?: boolean }).__radaTexts = false;
      },
    });
    const unsubscribe = realtime.subscribe(TRANSLATIONS_TOPIC);
    return () => {
      unsubscribe();
      stopListening();
    };
  }, [realtime]);
}
