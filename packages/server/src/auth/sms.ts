/** What sends the platform's text messages (sign-in codes). */
export interface SmsSender {
  /** Sends `text` to `to` (E.164); throws when the message was not accepted. */
  send(to: string, text: string): Promise<void>;
}

/**
 * Sends through an HTTP SMS gateway (SMS_GATEWAY_URL): POST JSON `{to, text}`, with
 * `Authorization: Bearer <token>` when a token is set; any 2xx answer is success.
 */
export function httpSmsSender(url: string, token: string | null): SmsSender {
  return {
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
