import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_RESEND_MS } from '@rada/core';
import type { Me } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf, UNLIMITED_RATES } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signUp, uniqueEmail, uniquePhone } from '../test/factories.ts';
import { startTestSmtp } from '../test/smtpServer.ts';
import type { TestSmtp } from '../test/smtpServer.ts';
import { startTestSmsGateway } from '../test/smsGateway.ts';
import type { TestSmsGateway } from '../test/smsGateway.ts';

const HOUR = 60 * 60_000;
const MAILS_PER_ADDRESS = 3;
const CODES_PER_NUMBER_ASKER = 5;
const CODES_PER_ASKER = 8;

// Issue 33, item 12: mails to one address and SMS codes are limited per target and per asker,
// so nobody fills a stranger's mailbox and nobody spends a phone owner's codes.
describe('limits on mail and SMS per target and per asker', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sms: TestSmsGateway;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    sms = await startTestSmsGateway();
    t = await buildTestApp(testDialects()[0]!, {
      smtpUrl: smtp.url,
      publicUrl: 'https://rada.example.org',
      smsGatewayUrl: sms.url,
      smsGatewayToken: sms.token,
      rateLimits: {
        ...UNLIMITED_RATES,
        mailTarget: { max: MAILS_PER_ADDRESS, windowMs: HOUR },
        smsNumberRequester: { max: CODES_PER_NUMBER_ASKER, windowMs: HOUR },
        smsRequester: { max: CODES_PER_ASKER, windowMs: HOUR },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
  const textsTo = (phone: string) => sms.messages.filter((m) => m.to === phone);
  const requestCode = (phone: string, remoteAddress: string) =>
    call(t.app, 'POST', '/api/auth/phone/code', { body: { phone }, remoteAddress });

  it('mails an address at most its share of "address taken" notices, answering alike', async () => {
    const owner = await signUp(t.app);
    const askers = [await signUp(t.app), await signUp(t.app)];
    for (let i = 0; i < 8; i += 1) {
      const asker = askers[i % 2]!;
      const res = await call(t.app, 'POST', '/api/account/email', {
        as: asker,
        body: { email: owner.email, password: PASSWORD },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.status, `request ${i + 1}`).toBe(202);
    }
    expect(mailsTo(owner.email)).toHaveLength(MAILS_PER_ADDRESS);
  });

  it('counts links and notices to one address together', async () => {
    const owner = await signUp(t.app);
    const asker = await signUp(t.app);
    const notice = await call(t.app, 'POST', '/api/account/email', {
      as: asker,
      body: { email: owner.email, password: PASSWORD },
    });
    expect(notice.status).toBe(202);
    for (const url of [
      '/api/auth/email-link',
      '/api/auth/password-reset',
      '/api/auth/email-link',
    ]) {
      expect((await call(t.app, 'POST', url, { body: { email: owner.email } })).status).toBe(202);
    }
    expect(mailsTo(owner.email)).toHaveLength(MAILS_PER_ADDRESS);
  });

  it('still tells the old address of a confirmed change when its share is spent', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < MAILS_PER_ADDRESS + 2; i += 1) {
      await call(t.app, 'POST', '/api/auth/email-link', { body: { email: user.email } });
    }
    expect(mailsTo(user.email)).toHaveLength(MAILS_PER_ADDRESS);
    const moved = uniqueEmail('moved');
    const asked = await call(t.app, 'POST', '/api/account/email', {
      as: user,
      body: { email: moved, password: PASSWORD },
    });
    expect(asked.status).toBe(202);
    const confirmed = await call(t.app, 'POST', '/api/account/email/confirm', {
      as: user,
      body: { token: smtp.lastToken(moved) },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(mailsTo(user.email)).toHaveLength(MAILS_PER_ADDRESS + 1);
    expect(mailsTo(user.email).at(-1)!.text).toContain(`was changed to ${moved}`);
  });

  it("lets a stranger spend only their own share of a number's codes: the owner still signs in", async () => {
    const phone = uniquePhone();
    for (let i = 0; i < CODES_PER_NUMBER_ASKER; i += 1) {
      expect((await requestCode(phone, '10.2.0.1')).status).toBe(202);
      t.clock.t += PHONE_RESEND_MS;
    }
    const more = await requestCode(phone, '10.2.0.1');
    expect([more.status, errorOf(more)]).toEqual([429, 'auth.error.phonetoomany']);
    expect(Number(more.headers['retry-after'])).toBeGreaterThan(0);
    expect(textsTo(phone)).toHaveLength(CODES_PER_NUMBER_ASKER);

    const own = await requestCode(phone, '10.2.0.2');
    expect(own.status, JSON.stringify(own.body)).toBe(202);
    const signedIn = await call<Me>(t.app, 'POST', '/api/auth/phone/signin', {
      body: { phone, code: sms.lastCode(phone) },
      remoteAddress: '10.2.0.2',
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.phoneNumber).toBe(phone);
  });

  it('stops one address asking codes for many numbers', async () => {
    for (let i = 0; i < CODES_PER_ASKER; i += 1) {
      expect((await requestCode(uniquePhone(), '10.3.0.1')).status).toBe(202);
    }
    const phone = uniquePhone();
    const more = await requestCode(phone, '10.3.0.1');
    expect([more.status, errorOf(more)]).toEqual([429, 'auth.error.phonetoomany']);
    expect(textsTo(phone)).toHaveLength(0);
  });

  it('counts a signed-in user asking to add numbers as themselves, from any address', async () => {
    const user = await signUp(t.app);
    const ask = (i: number, phone = uniquePhone()) =>
      call(t.app, 'POST', '/api/account/phone/code', {
        as: user,
        body: { phone },
        remoteAddress: `10.4.0.${i + 1}`,
      });
    for (let i = 0; i < CODES_PER_ASKER; i += 1) expect((await ask(i)).status).toBe(202);
    const more = await ask(CODES_PER_ASKER);
    expect([more.status, errorOf(more)]).toEqual([429, 'auth.error.phonetoomany']);
  });
});
