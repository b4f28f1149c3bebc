import { isPlaceholderEmail } from '@rada/core';
import type { Mail } from './mailer.ts';

/** The emails' texts in the reader's language (the web's language when they asked). */
const TEXTS = {
  en: {
    signinSubject: 'Sign in to Rada',
    signinBody: 'Open this link to sign in to Rada. It works once, for {{minutes}} minutes:',
    resetSubject: 'Reset your Rada password',
    resetBody:
      'Open this link to choose a new password for your Rada account. It works once, for {{minutes}} minutes:',
    emailSubject: 'Confirm your new Rada email address',
    emailBody:
      'The Rada account {{account}} asked to make this address its email. If that is your account, open this link in a browser signed in to it. It works once, for {{minutes}} minutes:',
    takenSubject: 'Your Rada account',
    takenBody:
      'Someone asked to move another Rada account to this address, but this address already has an account. Nothing changed. If it was you, sign in to the account this address has.',
    changedSubject: 'Your Rada email address was changed',
    changedBody:
      'The email address of your Rada account was changed to {{email}}. If you did not do this, reply to this email or contact the event organiser.',
    ignore: 'If you did not ask for this, ignore this email: nothing changes.',
  },
  et: {
    signinSubject: 'Sisene Radasse',
    signinBody: 'Ava see link, et Radasse siseneda. See töötab ühe korra, {{minutes}} minutit:',
    resetSubject: 'Rada parooli lähtestamine',
    resetBody:
      'Ava see link, et valida oma Rada kontole uus parool. See töötab ühe korra, {{minutes}} minutit:',
    emailSubject: 'Kinnita oma uus Rada e-posti aadress',
    emailBody:
      'Rada konto {{account}} soovis teha selle aadressi oma e-posti aadressiks. Kui see on sinu konto, ava see link brauseris, kus oled sellesse kontosse sisse logitud. See töötab ühe korra, {{minutes}} minutit:',
    takenSubject: 'Sinu Rada konto',
    takenBody:
      'Keegi soovis viia teise Rada konto sellele aadressile, kuid sellel aadressil on juba konto. Midagi ei muutunud. Kui see olid sina, logi sisse kontole, mis sellel aadressil on.',
    changedSubject: 'Sinu Rada e-posti aadress muudeti',
    changedBody:
      'Sinu Rada konto e-posti aadress muudeti: {{email}}. Kui sa seda ei teinud, vasta sellele kirjale või võta ühendust ürituse korraldajaga.',
    ignore: 'Kui sa seda ei küsinud, ära sellest kirjast hooli: midagi ei muutu.',
  },
} as const;

export type MailLanguage = keyof typeof TEXTS;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SUBJECTS = { signin: 'signinSubject', reset: 'resetSubject', email: 'emailSubject' } as const;
const BODIES = { signin: 'signinBody', reset: 'resetBody', email: 'emailBody' } as const;

/** The account that asked for a mail: its display name and current email. */
export interface MailAccount {
  name: string;
  email: string;
}

/**
 * How a mail names the account that asked: its display name and its current address masked
 * (`k***@example.org`): the reader may be a stranger whose address was typed, and the current
 * address may be unproven, someone else's; the holder still recognises their own account.
 */
function describeAccount(account: MailAccount | undefined): string {
  if (!account) return '';
  const at = account.email.lastIndexOf('@');
  const masked = `${account.email.slice(0, 1)}***${account.email.slice(at)}`;
  return isPlaceholderEmail(account.email) ? `"${account.name}"` : `"${account.name}" (${masked})`;
}

/**
 * The email with a sign-in, reset or new-address `link` valid for `minutes`; a new-address
 * mail names the `account` that asked.
 */
export function linkMail(
  kind: 'signin' | 'reset' | 'email',
  lang: MailLanguage,
  to: string,
  link: string,
  minutes: number,
  account?: MailAccount,
): Mail {
  const t = TEXTS[lang];
  const body = t[BODIES[kind]]
    .replace('{{minutes}}', String(minutes))
    .replace('{{account}}', () => describeAccount(account));
  return {
    to,
    subject: t[SUBJECTS[kind]],
    text: `${body}\n\n${link}\n\n${t.ignore}\n`,
    html:
      `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${escapeHtml(t.ignore)}</p>`,
  };
}

/**
 * A notice without a link: `taken` to an address another account asked to move to, which has
 * an account already; `changed` to an account's old address after a change to `email`.
 */
export function noticeMail(
  kind: 'taken' | 'changed',
  lang: MailLanguage,
  to: string,
  email = '',
): Mail {
  const t = TEXTS[lang];
  const body = (kind === 'taken' ? t.takenBody : t.changedBody).replace('{{email}}', () => email);
  return {
    to,
    subject: kind === 'taken' ? t.takenSubject : t.changedSubject,
    text: `${body}\n`,
    html: `<p>${escapeHtml(body)}</p>`,
  };
}
