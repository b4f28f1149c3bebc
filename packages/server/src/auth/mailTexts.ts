import type { Mail } from './mailer.ts';

/** The emails' texts in the reader's language (the web's language when they asked). */
const TEXTS = {
  en: {
    signinSubject: 'Sign in to Rada',
    signinBody: 'Open this link to sign in to Rada. It works once, for {{minutes}} minutes:',
    resetSubject: 'Reset your Rada password',
    resetBody:
      'Open this link to choose a new password for your Rada account. It works once, for {{minutes}} minutes:',
    ignore: 'If you did not ask for this, ignore this email: nothing changes.',
  },
  et: {
    signinSubject: 'Sisene Radasse',
    signinBody: 'Ava see link, et Radasse siseneda. See töötab ühe korra, {{minutes}} minutit:',
    resetSubject: 'Rada parooli lähtestamine',
    resetBody:
      'Ava see link, et valida oma Rada kontole uus parool. See töötab ühe korra, {{minutes}} minutit:',
    ignore: 'Kui sa seda ei küsinud, ära sellest kirjast hooli: midagi ei muutu.',
  },
} as const;

export type MailLanguage = keyof typeof TEXTS;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The email with a sign-in or reset `link` valid for `minutes`. */
export function linkMail(
  kind: 'signin' | 'reset',
  lang: MailLanguage,
  to: string,
  link: string,
  minutes: number,
): Mail {
  const t = TEXTS[lang];
  const body = (kind === 'signin' ? t.signinBody : t.resetBody).replace(
    '{{minutes}}',
    String(minutes),
  );
  return {
    to,
    subject: kind === 'signin' ? t.signinSubject : t.resetSubject,
    text: `${body}\n\n${link}\n\n${t.ignore}\n`,
    html:
      `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${escapeHtml(t.ignore)}</p>`,
  };
}
