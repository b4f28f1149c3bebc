import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_LINK_TTL_MS, MAILS_PER_ADDRESS_PER_HOUR, RESET_LINK_TTL_MS } from '@rada/core';
import type { Me, PublicConfig } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, sessionCookie, signUp, uniqueEmail } from '../test/factories.ts';
import { startTestSmtp } from '../test/smtpServer.ts';
import type { TestSmtp } from '../test/smtpServer.ts';

const PUBLIC_URL = 'https://rada.example.org';

describe('links by email on a server without email', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!);
  });
  afterAll(() => t.close());

  it('are not offered: the config says so and the requests answer 404 auth.error.noemail', async () => {
    expect((await call<PublicConfig>(t.app, 'GET', '/api/config')).body.emailLinks).toBe(false);
    for (const url of ['/api/auth/email-link', '/api/auth/password-reset']) {
      const res = await call(t.app, 'POST', url, { body: { email: 'a@example.com' } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'auth.error.noemail' });
    }
  });
});

describe.each(testDialects())('links by email on $name', (dialect) => {
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

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const requestLink = (email: string, lang = 'en') =>
    call(t.app, 'POST', '/api/auth/email-link', { body: { email, lang } });
  const signInWith = (token: string | null, email: string) =>
    call<Me>(t.app, 'POST', '/api/auth/email-link/signin', { body: { token, email } });

  it('signs a new address up and in with a link that works once', async () => {
    expect((await call<PublicConfig>(t.app, 'GET', '/api/config')).body.emailLinks).toBe(true);
    const email = uniqueEmail('link');
    const res = await requestLink(email.toUpperCase(), 'et');
    expect(res.status).toBe(202);
    const [mail] = mailsTo(email);
    expect(mail, 'a mail to the address').toBeDefined();
    expect(mail!.text).toContain('Subject: Sisene Radasse');
    expect(mail!.text).toContain(`${PUBLIC_URL}/auth/link#token=`);
    const token = smtp.lastToken(email);

    const signedIn = await signInWith(token, email);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.email).toBe(email);
    expect(signedIn.body.displayName).toBe(email.split('@')[0]);
    expect(signedIn.body.emailVerified).toBe(true);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie } });
    expect(me.body.uid).toBe(signedIn.body.uid);

    // Used twice: refused, and it makes nothing.
    const again = await signInWith(token, email);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'auth.error.badlink' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('signs an existing account in; the address must match, and a mismatch leaves the link usable', async () => {
    const user = await signUp(t.app);
    await requestLink(user.email);
    const token = smtp.lastToken(user.email);
    const wrong = await signInWith(token, uniqueEmail('other'));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: 'auth.error.emailmismatch' });
    // The mismatch used the link up inside a transaction that rolled back: it still works.
    const right = await signInWith(token, user.email);
    expect(right.status).toBe(200);
    expect(right.body.uid).toBe(user.uid);
    // Opening a link mailed to the address proves it.
    expect(right.body.emailVerified).toBe(true);
  });

  it('refuses an expired link and a made-up one alike', async () => {
    const email = uniqueEmail('late');
    await requestLink(email);
    const token = smtp.lastToken(email);
    t.clock.t += EMAIL_LINK_TTL_MS + 1;
    const late = await signInWith(token, email);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'auth.error.badlink' });
    const madeUp = await signInWith('x'.repeat(43), email);
    expect(madeUp.status).toBe(400);
    expect(madeUp.body).toMatchObject({ error: 'auth.error.badlink' });
    const malformed = await signInWith('short', email);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'error.validation' });
  });

  it('answers a reset request alike for an account and for none, and mails only the account', async () => {
    const user = await signUp(t.app);
    const nobody = uniqueEmail('nobody');
    const a = await call(t.app, 'POST', '/api/auth/password-reset', {
      body: { email: user.email },
    });
    const b = await call(t.app, 'POST', '/api/auth/password-reset', { body: { email: nobody } });
    expect(a.status).toBe(202);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(mailsTo(user.email)).toHaveLength(1);
    expect(mailsTo(nobody)).toHaveLength(0);
    expect(mailsTo(user.email)[0]!.text).toContain(`${PUBLIC_URL}/auth/reset#token=`);
  });

  it('resets a password: the old one and the other sessions end, the link works once', async () => {
    const user = await signUp(t.app);
    await call(t.app, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
    const token = smtp.lastToken(user.email);
    const reset = await call<Me>(t.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'a brand new secret' },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(reset.body.uid).toBe(user.uid);
    const fresh = sessionCookie(reset.headers['set-cookie']);
    expect((await call(t.app, 'GET', '/api/auth/me', { as: { cookie: fresh } })).status).toBe(200);
    // The session from before the reset has ended.
    expect((await call(t.app, 'GET', '/api/auth/me', { as: user })).status).toBe(401);
    const signIn = (password: string) =>
      call(t.app, 'POST', '/api/auth/signin', { body: { email: user.email, password } });
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn('a brand new secret')).status).toBe(200);
    const twice = await call(t.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'yet another secret' },
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error: 'auth.error.badlink' });
    // A sign-in link is not a reset link.
    await requestLink(user.email);
    const signinToken = smtp.lastToken(user.email);
    const crossed = await call(t.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token: signinToken, password: 'yet another secret' },
    });
    expect(crossed.status).toBe(400);
  });

  it('expires reset links after their hour', async () => {
    const user = await signUp(t.app);
    await call(t.app, 'POST', '/api/auth/password-reset', { body: { email: user.email } });
    const token = smtp.lastToken(user.email);
    t.clock.t += RESET_LINK_TTL_MS + 1;
    const late = await call(t.app, 'POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'a brand new secret' },
    });
    expect(late.status).toBe(400);
  });

  it("sends one address at most its hour's links from everyone; further requests answer alike", async () => {
    // The share per asker is out of the way here (RATE_LIMIT_MAIL_TARGET unlimited; see
    // auth/accountLimits.test.ts): this is the address's total from everyone.
    const email = uniqueEmail('flood');
    for (let i = 0; i < MAILS_PER_ADDRESS_PER_HOUR + 3; i += 1) {
      expect((await requestLink(email)).status).toBe(202);
    }
    expect(mailsTo(email)).toHaveLength(MAILS_PER_ADDRESS_PER_HOUR);
  });
});

describe('links by email: the rate limit', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp(testDialects()[0]!, {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('counts requests per address: over the limit 429 auth.error.toomany', async () => {
    const limited = await buildTestApp(testDialects()[0]!, {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      rateLimits: { ...t.config.rateLimits, account: { max: 3, windowMs: 60_000 } },
    });
    try {
      const ask = (remoteAddress: string) =>
        call(limited.app, 'POST', '/api/auth/password-reset', {
          body: { email: uniqueEmail() },
          remoteAddress,
        });
      for (let i = 0; i < 3; i += 1) expect((await ask('10.0.0.1')).status).toBe(202);
      const over = await ask('10.0.0.1');
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ error: 'auth.error.toomany' });
      expect((await ask('10.0.0.2')).status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
