import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { Caller, TestApp } from '../test/app.ts';
import { PASSWORD, sessionCookie, signUp, uniqueEmail } from '../test/factories.ts';
import { startTestSmtp } from '../test/smtpServer.ts';
import type { TestSmtp } from '../test/smtpServer.ts';

const PUBLIC_URL = 'https://rada.example.org';

// Issue 33 item 7: an email change asked by one account must not bind someone else's address
// to it by one click of the address's owner, nor be asked from a session left open.
describe.each(testDialects())('confirming an email change on $name', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp(dialect, { smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const me = async (as: Caller) => (await call<Me>(t.app, 'GET', '/api/auth/me', { as })).body;
  const ask = (as: Caller, email: string, password?: string) =>
    call(t.app, 'POST', '/api/account/email', {
      as,
      body: { email, lang: 'en', ...(password !== undefined ? { password } : {}) },
    });
  const confirm = (token: string | null, as: Caller = null) =>
    call<{ email: string }>(t.app, 'POST', '/api/account/email/confirm', {
      as,
      body: { token, lang: 'en' },
    });

  it('takes the current password to ask, and the mail names the account', async () => {
    const asker = await signUp(t.app, uniqueEmail('kadri'), 'Kadri Tamm');
    const next = uniqueEmail('next');
    const none = await ask(asker, next);
    expect([none.status, errorOf(none)]).toEqual([400, 'auth.error.wrongpassword']);
    const wrong = await ask(asker, next, 'not the password');
    expect([wrong.status, errorOf(wrong)]).toEqual([400, 'auth.error.wrongpassword']);
    expect(smtp.mails.filter((m) => m.to.includes(next))).toHaveLength(0);

    expect((await ask(asker, next, PASSWORD)).status).toBe(202);
    const mail = smtp.mails.filter((m) => m.to.includes(next)).at(-1)!;
    expect(mail.text).toContain('"Kadri Tamm" (k***@example.com)');
    expect(mail.text).not.toContain(asker.email);
    expect(mail.text).toContain('If you did not ask for this, ignore this email');
  });

  it('changes nothing when the link is opened signed out or in another account', async () => {
    const asker = await signUp(t.app, uniqueEmail('asker'));
    const victim = uniqueEmail('victim');
    await ask(asker, victim, PASSWORD);
    const token = smtp.lastToken(victim);

    const signedOut = await confirm(token);
    expect([signedOut.status, errorOf(signedOut)]).toEqual([403, 'auth.error.emailchangesignin']);
    const other = await signUp(t.app, uniqueEmail('other'));
    const elsewhere = await confirm(token, other);
    expect([elsewhere.status, errorOf(elsewhere)]).toEqual([403, 'auth.error.emailchangesignin']);
    expect(await me(asker)).toMatchObject({ email: asker.email, emailVerified: false });
    expect(await me(other)).toMatchObject({ email: other.email });

    // The link still works where it was asked.
    const done = await confirm(token, asker);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await me(asker)).toMatchObject({ email: victim, emailVerified: true });
  });

  it('proves the current address only in the account’s own session', async () => {
    const user = await signUp(t.app, uniqueEmail('self'));
    expect((await ask(user, user.email)).status).toBe(202);
    const token = smtp.lastToken(user.email);
    expect((await confirm(token)).status).toBe(403);
    expect((await me(user)).emailVerified).toBe(false);
    expect((await confirm(token, user)).status).toBe(200);
    expect((await me(user)).emailVerified).toBe(true);
  });

  it('an account without a password asks within 10 minutes of signing in', async () => {
    const email = uniqueEmail('nopass');
    await call(t.app, 'POST', '/api/auth/email-link', { body: { email } });
    const made = await call<Me>(t.app, 'POST', '/api/auth/email-link/signin', {
      body: { token: smtp.lastToken(email), email },
    });
    const as = { cookie: sessionCookie(made.headers['set-cookie']) };
    expect((await ask(as, uniqueEmail('soon'))).status).toBe(202);
    t.clock.t += 11 * 60_000;
    const late = await ask(as, uniqueEmail('late'));
    expect([late.status, errorOf(late)]).toEqual([403, 'account.error.signinagain']);
  });
});
