import type { TFunction } from 'i18next';
import type {
  DeviceCommand,
  SendMessageBody,
  SendMessageTargetResult,
  SentMessageView,
} from '@rada/core';

/** The send message dialog's choices (spec 01 screen 5). */
export interface MessageForm {
  target: 'all' | 'team';
  /** The chosen team when target is 'team'. */
  teamId: string | null;
  kind: 'command' | 'message';
  cmnd: DeviceCommand;
  title: string;
  body: string;
}

/** A fresh form: to the given team, or to everyone; a message rather than a command. */
export function initialMessageForm(teamId: string | null | undefined): MessageForm {
  return {
    target: teamId ? 'team' : 'all',
    teamId: teamId ?? null,
    kind: 'message',
    cmnd: 'sendLog',
    title: '',
    body: '',
  };
}

/**
 * The request body for the form, or null while it cannot be sent: one team but none chosen,
 * or a message with neither a title nor a body.
 */
export function sendMessageBody(form: MessageForm): SendMessageBody | null {
  let base: { teamId?: string } = {};
  if (form.target === 'team') {
    if (!form.teamId) return null;
    base = { teamId: form.teamId };
  }
  if (form.kind === 'command') return { ...base, cmnd: form.cmnd };
  const title = form.title.trim();
  const body = form.body.trim();
  if (title === '' && body === '') return null;
  return { ...base, ...(title !== '' && { title }), ...(body !== '' && { body }) };
}

/** Why a target failed: its error key translated, else the server's message as it is. */
export function targetErrorText(t: TFunction, result: SendMessageTargetResult): string {
  const error = result.error;
  if (!error) return '';
  return t(error.code, { defaultValue: error.message || error.code });
}

/** What a sent message said, for the log: the command's description, or title and body. */
export function sentContent(t: TFunction, m: SentMessageView): string {
  if (m.kind === 'command' && m.cmnd) return `${m.cmnd}: ${t(`msg.cmnd.${m.cmnd}`)}`;
  return [m.title, m.body].filter((x) => x !== null && x !== '').join(' — ');
}
