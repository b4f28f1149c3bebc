import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GSI_CLIENT_URL } from '@rada/core';
import type { Me, OneTapInfo } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { dismissOneTap } from './oneTapGate.ts';

/** The part of Google Identity Services' `google.accounts.id` this page uses. */
interface GsiPromptMoment {
  isSkippedMoment?: () => boolean;
  isDismissedMoment?: () => boolean;
  getDismissedReason?: () => string;
}
interface GsiId {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    nonce: string;
    use_fedcm_for_prompt: boolean;
    auto_select: boolean;
    cancel_on_tap_outside: boolean;
    context: 'signin';
  }): void;
  prompt(listener?: (moment: GsiPromptMoment) => void): void;
  cancel(): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GsiId } };
  }
}

/** Adds Google's script once; resolves when it has run. */
function loadGsi(): Promise<GsiId> {
  const ready = () => window.google?.accounts?.id;
  const loaded = ready();
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    let script = document.querySelector<HTMLScriptElement>(`script[src="${GSI_CLIENT_URL}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = GSI_CLIENT_URL;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener('load', () => {
      const id = ready();
      if (id) resolve(id);
      else reject(new Error('Google Identity Services did not load'));
    });
    script.addEventListener('error', () => reject(new Error('Google Identity Services failed')));
  });
}

/**
 * Google One Tap for a signed-out visitor (docs/sign-in.md): a nonce from the server, Google's
 * script and its prompt; the ID token the prompt gives is sent to the server, which signs in.
 * Closing the prompt keeps it away for the rest of this browser session.
 */
export function OneTap({ info }: { info: OneTapInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notify = useNotify();
  // The callback runs long after the effect: it reads the newest functions.
  const latest = useRef({ t, notify, queryClient });
  useEffect(() => {
    latest.current = { t, notify, queryClient };
  });

  useEffect(() => {
    let active = true;
    let gsi: GsiId | null = null;
    const handleCredential = async (credential: string | undefined) => {
      const { t, notify, queryClient } = latest.current;
      try {
        if (!credential) throw new Error('no credential');
        const me: Me = await api.oneTapSignIn({ credential });
        queryClient.setQueryData(queryKeys.me, me);
        // Lists and roles depend on who is asking.
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
        notify(t('auth.success.signin', { name: me.displayName }), 'success');
      } catch (e) {
        dismissOneTap();
        notify(errorText(t, e), 'error');
      }
    };
    (async () => {
      const { nonce } = await api.oneTapNonce();
      const id = await loadGsi();
      if (!active) return;
      gsi = id;
      id.initialize({
        client_id: info.clientId,
        callback: (response) => void handleCredential(response.credential),
        nonce,
        use_fedcm_for_prompt: true,
        auto_select: false,
        cancel_on_tap_outside: true,
        context: 'signin',
      });
      id.prompt((moment) => {
        if (!active) return;
        const closed =
          moment.isSkippedMoment?.() === true ||
          (moment.isDismissedMoment?.() === true &&
            moment.getDismissedReason?.() !== 'credential_returned');
        if (closed) dismissOneTap();
      });
    })().catch(() => {
      // No prompt (Google unreachable, the nonce refused): the sign-in dialog still works.
    });
    return () => {
      active = false;
      gsi?.cancel();
    };
  }, [info.clientId]);

  return null;
}
