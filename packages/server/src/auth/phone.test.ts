import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHONE_CODE_ATTEMPTS,
  PHONE_CODE_TTL_MS,
  PHONE_CODES_PER_NUMBER_PER_HOUR,
  PHONE_RESEND_MS,
} from '@rada/core';
import type { Me, PublicConfig } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { sessionCookie, uniquePhone } from '../test/factories.ts';
import { startTestSmsGateway } from '../test/smsGateway.ts';
import type { TestSmsGateway } from '../test/smsGateway.ts';

describe('phone codes on a server without an SMS gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(testDialects()[0]!);
  });
  afterAll(() => t.close());

  it('are not offered: the config says so and the routes answer 404 auth.error.nophone', async () => {
    expect((await call<PublicConfig>(t.app, 'GET', '/api/config')).body.phone).toBe(false);
    const code = await call(t.app, 'POST', '/api/auth/phone/code', {
      body: { phone: '+37255512345' },
    });
    expect(code.status).toBe(404);
    expect(code.body).toMatchObject({ error: 'auth.error.nophone' });
    const signIn = await call(t.app, 'POST', '/api/auth/phone/signin', {
      body: { phone: '+37255512345', code: '123456' },
    });
    expect(signIn.status).toBe(404);
    expect(signIn.body).toMatchObject({ error: 'auth.error.nophone' });
  });
});

describe.each(testDialects())('phone codes on $name', (dialect) => {
  let t: TestApp;
  let sms: TestSmsGateway;
  beforeAll(async () => {
    sms = await startTestSmsGateway();
    t = await buildTestApp(dialect, { smsGatewayUrl: sms.url, smsGatewayToken: sms.token });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  const requestCode = (phone: string, lang = 'en') =>
    call(t.app, 'POST', '/api/auth/phone/code', { body: { phone, lang } });
  const signIn = (phone: string, code: string) =>
    call<Me>(t.app, 'POST', '/api/auth/phone/signin', { body: { phone, code } });
  /** A code that is not `right`. */
  const wrong = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

  it('sends a code and signs a new number up and in with it, once', async () => {
    expect((await call<PublicConfig>(t.app, 'GET', '/api/config')).body.phone).toBe(true);
    const phone = uniquePhone();
    const res = await requestCode(`${phone.slice(0, 4)} ${phone.slice(4)}`, 'et');
    expect(res.status).toBe(202);
    const sent = sms.messages.filter((m) => m.to === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/^Sinu Rada kood on \d{6}$/);
    const code = sms.lastCode(phone)!;
    // Only the hash is stored.
    const row = await t.store.phoneCodes.latest(phone, null);
    expect(row!.code_hash).not.toContain(code);

    const signedIn = await signIn(phone, code);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.displayName).toBe(`+372 …${phone.slice(-4)}`);
    const cookie = sessionCookie(signedIn.headers['set-cookie']);
    const me = await call<Me>(t.app, 'GET', '/api/auth/me', { as: { cookie } });
    expect(me.body.uid).toBe(signedIn.body.uid);
    const user = await t.store.users.findById(signedIn.body.uid);
    expect(user!.phone).toBe(phone);

    const again = await signIn(phone, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'auth.error.codeexpired' });
    expect(again.headers['set-cookie']).toBeUndefined();

    // The next code (after the wait) signs the same account in, in English.
    t.clock.t += PHONE_RESEND_MS;
    await requestCode(phone);
    expect(sms.messages.at(-1)!.text).toMatch(/^Your Rada code is \d{6}$/);
    const second = await signIn(phone, sms.lastCode(phone)!);
    expect(second.status).toBe(200);
    expect(second.body.uid).toBe(signedIn.body.uid);
  });

  it('says a wrong code is wrong, and the right one still works', async () => {
    const phone = uniquePhone();
    await requestCode(phone);
    const code = sms.lastCode(phone)!;
    const bad = await signIn(phone, wrong(code));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'auth.error.wrongcode',
      message: 'Wrong code. Try again.',
    });
    const notDigits = await signIn(phone, '12a456');
    expect(notDigits.body).toMatchObject({ error: 'auth.error.wrongcode' });
    const good = await signIn(phone, code);
    expect(good.status).toBe(200);
  });

  it('kills a code after five attempts, even the right code then', async () => {
    const phone = uniquePhone();
    await requestCode(phone);
    const code = sms.lastCode(phone)!;
    for (let i = 0; i < PHONE_CODE_ATTEMPTS; i++) {
      const bad = await signIn(phone, wrong(code));
      expect(bad.body).toMatchObject({ error: 'auth.error.wrongcode' });
    }
    const late = await signIn(phone, code);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'auth.error.codeexpired' });
  });

  it('refuses an expired code, and a code for a number that was sent none', async () => {
    const phone = uniquePhone();
    await requestCode(phone);
    const code = sms.lastCode(phone)!;
    t.clock.t += PHONE_CODE_TTL_MS + 1;
    const late = await signIn(phone, code);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ error: 'auth.error.codeexpired' });
    const none = await signIn(uniquePhone(), '123456');
    expect(none.body).toMatchObject({ error: 'auth.error.codeexpired' });
  });

  it('makes a number wait 15 s between codes, and only the newest code works', async () => {
    const phone = uniquePhone();
    await requestCode(phone);
    const first = sms.lastCode(phone)!;
    t.clock.t += 5_000;
    const soon = await requestCode(phone);
    expect(soon.status).toBe(429);
    expect(soon.body).toMatchObject({ error: 'auth.error.phonewait' });
    expect(soon.headers['retry-after']).toBe('10');
    expect(sms.messages.filter((m) => m.to === phone)).toHaveLength(1);
    t.clock.t += 10_000;
    expect((await requestCode(phone)).status).toBe(202);
    const second = sms.lastCode(phone)!;
    if (first !== second) {
      expect((await signIn(phone, first)).body).toMatchObject({ error: 'auth.error.wrongcode' });
    }
    expect((await signIn(phone, second)).status).toBe(200);
  });

  it('sends at most twenty codes an hour to a number, whoever asks', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < PHONE_CODES_PER_NUMBER_PER_HOUR; i++) {
      expect((await requestCode(phone)).status).toBe(202);
      t.clock.t += PHONE_RESEND_MS;
    }
    const more = await requestCode(phone);
    expect(more.status).toBe(429);
    expect(more.body).toMatchObject({
      error: 'auth.error.phonetoomany',
      message: 'This phone number has been used too many times',
    });
    expect(more.headers['retry-after']).toBeDefined();
    expect(sms.messages.filter((m) => m.to === phone)).toHaveLength(
      PHONE_CODES_PER_NUMBER_PER_HOUR,
    );
    t.clock.t += 60 * 60_000;
    expect((await requestCode(phone)).status).toBe(202);
  });

  it('refuses a number of an unsupported country code or not in E.164', async () => {
    for (const phone of ['+861391234567', '55512345', '+372', '+3725551234567890']) {
      const res = await requestCode(phone);
      expect(res.status, phone).toBe(400);
      expect(res.body).toMatchObject({
        error: 'auth.error.countrycode',
        message: 'The country code provided is not supported.',
      });
    }
    const signInRes = await signIn('+861391234567', '123456');
    expect(signInRes.body).toMatchObject({ error: 'auth.error.countrycode' });
    expect(sms.messages.filter((m) => m.to.startsWith('+86'))).toHaveLength(0);
  });

  it('answers a request alike for a number with an account and one without', async () => {
    const known = uniquePhone();
    await requestCode(known);
    expect((await signIn(known, sms.lastCode(known)!)).status).toBe(200);
    t.clock.t += PHONE_RESEND_MS;
    const unknown = uniquePhone();
    const a = await requestCode(known);
    const b = await requestCode(unknown);
    expect(a.status).toBe(202);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    // And alike when asked again too soon.
    const a2 = await requestCode(known);
    const b2 = await requestCode(unknown);
    expect(a2.status).toBe(429);
    expect(b2.status).toBe(a2.status);
    expect(b2.body).toEqual(a2.body);
  });

  it('sends through the gateway with its bearer token', () => {
    expect(sms.messages.length).toBeGreaterThan(0);
    expect(sms.refused).toBe(0);
  });
});

describe('phone codes with sign-up closed', () => {
  let t: TestApp;
  let sms: TestSmsGateway;
  beforeAll(async () => {
    sms = await startTestSmsGateway();
    t = await buildTestApp(testDialects()[0]!, {
      smsGatewayUrl: sms.url,
      smsGatewayToken: sms.token,
      signupOpen: false,
    });
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });

  it('answers an unknown number alike but sends it nothing', async () => {
    const phone = uniquePhone();
    const res = await call(t.app, 'POST', '/api/auth/phone/code', { body: { phone } });
    expect(res.status).toBe(202);
    expect(sms.messages).toHaveLength(0);
  });

  it('tells a gateway with another token apart: nothing is delivered, the answer is the same', async () => {
    const other = await buildTestApp(testDialects()[0]!, {
      smsGatewayUrl: sms.url,
      smsGatewayToken: 'wrong-token',
    });
    try {
      const res = await call(other.app, 'POST', '/api/auth/phone/code', {
        body: { phone: uniquePhone() },
      });
      expect(res.status).toBe(202);
      expect(sms.refused).toBe(1);
      expect(sms.messages).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
