import nodemailer from 'nodemailer';

/** One email: plain text, and the same as simple HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What sends the platform's email (sign-in links, password resets). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Sends through the SMTP server of `url` (nodemailer's connection URL, e.g.
 * `smtps://user:pass@smtp.example.org:465` or `smtp://127.0.0.1:2525`) from `from`.
 */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}
