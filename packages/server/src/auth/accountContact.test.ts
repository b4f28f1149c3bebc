import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_RESEND_MS } from '@rada/core';
import type { Me } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import type { TestUser } from '../test/factories.ts';
import {
  PASSWORD,
  sessionCookie,
  signIn,
  signUp,
  uniqueEmail,
  uniquePhone,
} from '../test/factories.ts';
import { startTestSmtp } from '../test/smtpServer.ts';
import type { TestSmtp } from '../test/smtpServer.ts';
import { startTestSmsGateway } from '../test/smsGateway.ts';
import type { TestSmsGateway } from '../test/smsGateway.ts';

const PUBLIC_URL = 'https://rada.example.org';

describe('changing email and phone without email or SMS on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!);
  });
  afterAll(() => t.close());

  it('answers 404 with the reason', async () => {
    const user = await signUp(t.app);
    const email = await call(t.app, 'POST', '/api/account/email', {
      as: user,
      body: { email: uniqueEmail('new') },
    });
    expect([email.status, errorOf(email)]).toEqual([404, 'auth.error.noemail']);
    const code = await call(t.app, 'POST', '/api/account/phone/code', {
      as: user,
      body: { phone: uniquePhone('+3712') },
    });
    expect([code.status, errorOf(code)]).toEqual([404, 'auth.error.nophone']);
  });
});

describe.each(testDialects())('changing email and phone on $name', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sms: TestSmsGateway;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    sms = await startTestSmsGateway();
    t = await buildTestApp(dialect, {
      smtpUrl: smtp.url,
      publicUrl: PUBLIC_URL,
      smsGatewayUrl: sms.url,
      smsGatewayToken: sms.token,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const me = async (user: Pick<TestUser, 'cookie'>) =>
    (await call<Me>(t.app, 'GET', '/api/auth/me', { as: user })).body;
  const askEmail = (user: Pick<TestUser, 'cookie'> | { bearer: string }, email: string) =>
    call(t.app, 'POST', '/api/account/email', {
      as: user,
      body: { email, lang: 'en', password: PASSWORD },
    });
  /** Opened in a browser signed in to the account that asked (emailChangeProof.test.ts). */
  const confirmEmail = (token: string | null, user: Pick<TestUser, 'cookie'>) =>
    call<{ email: string }>(t.app, 'POST', '/api/account/email/confirm', {
      as: user,
      body: { token, lang: 'et' },
    });
  const askPhoneCode = (user: Pick<TestUser, 'cookie'> | { bearer: string }, phone: string) =>
    call(t.app, 'POST', '/api/account/phone/code', { as: user, body: { phone } });
  const setPhone = (user: Pick<TestUser, 'cookie'>, phone: string, code: string) =>
    call<Me>(t.app, 'PUT', '/api/account/phone', { as: user, body: { phone, code } });
  const tokenOf = async (user: TestUser) =>
    (
      await call<{ token: string }>(t.app, 'POST', '/api/auth/tokens', {
        as: user,
        body: { name: 'script' },
      })
    ).body.token;

  it('moves the account to a new address once the link mailed there is opened', async () => {
    const user = await signUp(t.app);
    const next = uniqueEmail('moved');
    expect((await askEmail(user, next.toUpperCase())).status).toBe(202);
    const [mail] = mailsTo(next);
    expect(mail!.text).toContain('Subject: Confirm your new Rada email address');
    expect(mail!.text).toContain(`${PUBLIC_URL}/auth/email#token=`);
    // Nothing changes before the link is opened.
    expect((await me(user)).email).toBe(user.email);

    const token = smtp.lastToken(next);
    const done = await confirmEmail(token, user);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.email).toBe(next);
    expect(await me(user)).toMatchObject({ email: next, emailVerified: true });
    // The old address is told, in the language of the page that opened the link.
    expect(mailsTo(user.email).at(-1)!.text).toContain(
      'Subject: Sinu Rada e-posti aadress muudeti',
    );
    // The password now goes with the new address, not the old one.
    expect((await me({ cookie: await signIn(t.app, next) })).uid).toBe(user.uid);
    const old = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(old.status).toBe(401);
    // A link works once.
    const again = await confirmEmail(token, user);
    expect([again.status, errorOf(again)]).toEqual([400, 'auth.error.badlink']);
  });

  it('proves the current address with a link to it; a proven one is not asked again', async () => {
    const user = await signUp(t.app);
    expect((await me(user)).emailVerified).toBe(false);
    expect((await askEmail(user, user.email)).status).toBe(202);
    const before = mailsTo(user.email).length;
    const done = await confirmEmail(smtp.lastToken(user.email), user);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await me(user)).toMatchObject({ email: user.email, emailVerified: true });
    // Nothing changed, so nobody is told of a change.
    expect(mailsTo(user.email).length).toBe(before);
    const same = await askEmail(user, user.email);
    expect([same.status, errorOf(same)]).toEqual([400, 'account.error.sameemail']);
  });

  it('lets an account made without a password set one, then asks for it to change it', async () => {
    const email = uniqueEmail('nopass');
    await call(t.app, 'POST', '/api/auth/email-link', { body: { email } });
    const made = await call<Me>(t.app, 'POST', '/api/auth/email-link/signin', {
      body: { token: smtp.lastToken(email), email },
    });
    expect(made.body.hasPassword).toBe(false);
    const cookie = sessionCookie(made.headers['set-cookie']);
    const set = await call(t.app, 'POST', '/api/auth/password', {
      as: { cookie },
      body: { next: 'a first password' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(204);
    expect((await me({ cookie })).hasPassword).toBe(true);
    expect(await signIn(t.app, email, 'a first password')).toMatch(/^rada_session=/);
    // Now the current one is asked for.
    const blind = await call(t.app, 'POST', '/api/auth/password', {
      as: { cookie },
      body: { next: 'another password' },
    });
    expect([blind.status, errorOf(blind)]).toEqual([400, 'auth.error.wrongpassword']);

    // A phone-only account has no email a password could sign in with.
    const phone = uniquePhone('+3712');
    await call(t.app, 'POST', '/api/auth/phone/code', { body: { phone } });
    const byPhone = await call<Me>(t.app, 'POST', '/api/auth/phone/signin', {
      body: { phone, code: sms.lastCode(phone) },
    });
    const refused = await call(t.app, 'POST', '/api/auth/password', {
      as: { cookie: sessionCookie(byPhone.headers['set-cookie']) },
      body: { next: 'a phone password' },
    });
    expect(refused.status).toBe(403);
  });

  it('never tells whether an address has an account: that address gets a notice, not a link', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    const before = mailsTo(other.email).length;
    const res = await askEmail(user, other.email);
    expect(res.status).toBe(202);
    const notices = mailsTo(other.email).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('already has an account');
    expect(notices[0]!.text).not.toContain('#token=');
    expect((await me(user)).email).toBe(user.email);
  });

  it('refuses an address an account took after the link was sent, and changes nothing', async () => {
    const user = await signUp(t.app);
    const next = uniqueEmail('raced');
    await askEmail(user, next);
    const token = smtp.lastToken(next);
    await signUp(t.app, next);
    const res = await confirmEmail(token, user);
    expect([res.status, errorOf(res)]).toEqual([409, 'auth.error.emailtaken']);
    expect((await me(user)).email).toBe(user.email);
  });

  it('takes a browser session of a full account: not signed out, not a token, not a guest', async () => {
    const user = await signUp(t.app);
    const anon = await call(t.app, 'POST', '/api/account/email', {
      body: { email: uniqueEmail() },
    });
    expect(anon.status).toBe(401);
    const bearer = await tokenOf(user);
    expect((await askEmail({ bearer }, uniqueEmail())).status).toBe(403);
    expect((await askPhoneCode({ bearer }, uniquePhone('+3712'))).status).toBe(403);
    const guest = await call<{ me: Me }>(t.app, 'POST', '/api/auth/guest');
    const cookie = sessionCookie(guest.headers['set-cookie']);
    expect((await askEmail({ cookie }, uniqueEmail())).status).toBe(403);
    expect((await askPhoneCode({ cookie }, uniquePhone('+3712'))).status).toBe(403);
    const bad = await call(t.app, 'POST', '/api/account/email', {
      as: user,
      body: { email: 'not an address' },
    });
    expect(bad.status).toBe(400);
  });

  it('sets the phone with a code sent to it; then the phone signs in to the same account', async () => {
    const user = await signUp(t.app);
    const phone = uniquePhone('+3712');
    expect((await askPhoneCode(user, phone)).status).toBe(202);
    const code = sms.lastCode(phone)!;
    const wrong = await setPhone(user, phone, code === '000000' ? '000001' : '000000');
    expect([wrong.status, errorOf(wrong)]).toEqual([400, 'auth.error.wrongcode']);
    const set = await setPhone(user, phone, code);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.phoneNumber).toBe(phone);
    const twice = await setPhone(user, phone, code);
    expect([twice.status, errorOf(twice)]).toEqual([400, 'auth.error.codeexpired']);

    // The account's phone now signs it in.
    const asked = await call(t.app, 'POST', '/api/auth/phone/code', { body: { phone } });
    expect(asked.status).toBe(202);
    const signedIn = await call<Me>(t.app, 'POST', '/api/auth/phone/signin', {
      body: { phone, code: sms.lastCode(phone) },
    });
    expect(signedIn.body.uid).toBe(user.uid);
  });

  it("keeps sign-in codes and an account's codes apart", async () => {
    const user = await signUp(t.app);
    const phone = uniquePhone('+3712');
    await call(t.app, 'POST', '/api/auth/phone/code', { body: { phone } });
    const signInCode = sms.lastCode(phone)!;
    // A sign-in code does not add the number to an account (there is no account code yet).
    const res = await setPhone(user, phone, signInCode);
    expect([res.status, errorOf(res)]).toEqual([400, 'auth.error.codeexpired']);
    expect((await me(user)).phoneNumber).toBeNull();
  });

  it("refuses another account's number, telling so only to whoever holds the phone", async () => {
    const phone = uniquePhone('+3712');
    await call(t.app, 'POST', '/api/auth/phone/code', { body: { phone } });
    const holder = await call<Me>(t.app, 'POST', '/api/auth/phone/signin', {
      body: { phone, code: sms.lastCode(phone) },
    });
    expect(holder.status).toBe(200);

    const user = await signUp(t.app);
    expect((await askPhoneCode(user, phone)).status).toBe(202);
    const guess = await setPhone(user, phone, '123456');
    expect(guess.body).not.toMatchObject({ error: 'account.error.phonetaken' });
    const wait = await askPhoneCode(user, phone);
    expect([wait.status, errorOf(wait)]).toEqual([429, 'auth.error.phonewait']);
    expect(Number(wait.headers['retry-after'])).toBeLessThanOrEqual(PHONE_RESEND_MS / 1000);
    const res = await setPhone(user, phone, sms.lastCode(phone)!);
    expect([res.status, errorOf(res)]).toEqual([409, 'account.error.phonetaken']);
    expect((await me(user)).phoneNumber).toBeNull();
  });

  it('removes a phone, unless it is the only way in', async () => {
    const user = await signUp(t.app);
    const phone = uniquePhone('+3712');
    await askPhoneCode(user, phone);
    await setPhone(user, phone, sms.lastCode(phone)!);
    const removed = await call(t.app, 'DELETE', '/api/account/phone', { as: user });
    expect(removed.status).toBe(204);
    expect((await me(user)).phoneNumber).toBeNull();
    const none = await call(t.app, 'DELETE', '/api/account/phone', { as: user });
    expect(none.status).toBe(404);

    // An account made by a code has only its phone (its email is a placeholder).
    const only = uniquePhone('+3712');
    await call(t.app, 'POST', '/api/auth/phone/code', { body: { phone: only } });
    const made = await call<Me>(t.app, 'POST', '/api/auth/phone/signin', {
      body: { phone: only, code: sms.lastCode(only) },
    });
    const cookie = sessionCookie(made.headers['set-cookie']);
    const last = await call(t.app, 'DELETE', '/api/account/phone', { as: { cookie } });
    expect([last.status, errorOf(last)]).toEqual([409, 'auth.error.lastmethod']);
    expect((await me({ cookie })).phoneNumber).toBe(only);
  });

  it('deletes a phone-only account confirmed by its number, and a guest by its name', async () => {
    const phone = uniquePhone('+3712');
    await call(t.app, 'POST', '/api/auth/phone/code', { body: { phone } });
    const made = await call<Me>(t.app, 'POST', '/api/auth/phone/signin', {
      body: { phone, code: sms.lastCode(phone) },
    });
    const cookie = sessionCookie(made.headers['set-cookie']);
    const byEmail = await call(t.app, 'DELETE', '/api/account', {
      as: { cookie },
      body: { confirm: made.body.email },
    });
    expect([byEmail.status, errorOf(byEmail)]).toEqual([400, 'auth.error.confirm']);
    const byPhone = await call(t.app, 'DELETE', '/api/account', {
      as: { cookie },
      body: { confirm: ` ${phone} ` },
    });
    expect(byPhone.status).toBe(204);
    expect((await call(t.app, 'GET', '/api/auth/me', { as: { cookie } })).status).toBe(401);

    const guest = await call<{ me: Me }>(t.app, 'POST', '/api/auth/guest');
    const guestCookie = sessionCookie(guest.headers['set-cookie']);
    const gone = await call(t.app, 'DELETE', '/api/account', {
      as: { cookie: guestCookie },
      body: { confirm: guest.body.me.displayName.toUpperCase() },
    });
    expect(gone.status).toBe(204);
  });
});
