import { SMTPServer } from 'smtp-server';

/** One email as the stand-in SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent (headers and body). */
  raw: string;
  /** The body decoded from quoted-printable, enough to read its text and links. */
  text: string;
}

export interface TestSmtp {
  /** nodemailer's connection URL of this server (SMTP_URL). */
  url: string;
  mails: ReceivedMail[];
  /** The token of the last link sent to `to`, or null. */
  lastToken(to: string): string | null;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A real SMTP server on a free local port (smtp-server from npm), no TLS and no sign-in, that
 * keeps every message it receives: the tests read sign-in and reset links out of them. With
 * `delayMs` it takes that long to accept each message (a slow mail server).
 */
export async function startTestSmtp({ delayMs = 0 } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        setTimeout(callback, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    lastToken(to) {
      const mail = mails.filter((m) => m.to.includes(to)).at(-1);
      return mail ? (/#token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? null) : null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
