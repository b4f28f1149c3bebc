import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILS_PER_ADDRESS_PER_HOUR, PHONE_RESEND_MS } from '@rada/core';
import type { LinkSignInAnswer, Me } from '@rada/core';
import { DEFAULT_RATE_LIMITS } from '../config.ts';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf, UNLIMITED_RATES } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signUp, uniqueEmail, uniquePhone } from '../test/factories.ts';
import { startTestSmtp } from '../test/smtpServer.ts';
import type { TestSmtp } from '../test/smtpServer.ts';
import { startTestSmsGateway } from '../test/smsGateway.ts';
import type { TestSmsGateway } from '../test/smsGateway.ts';

const HOUR = 60 * 60_000;
/** RATE_LIMIT_MAIL_TARGET's default (5/1h): mail to one address from one asker. */
const MAILS_PER_ASKER = DEFAULT_RATE_LIMITS.mailTarget.max;
const CODES_PER_NUMBER_ASKER = 5;
const CODES_PER_ASKER = 8;

// Issue 33, item 12: mails to one address and SMS codes are limited per target and asker, and
// per target in all, so nobody fills a stranger's mailbox and nobody spends the share of mail or
// codes its owner needs to get in.
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
        mailTarget: DEFAULT_RATE_LIMITS.mailTarget,
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

  it('mails an address at most an asker\'s share of "address taken" notices, answering alike', async () => {
    // One account asking from many addresses counts as itself.
    const owner = await signUp(t.app);
    const asker = await signUp(t.app);
    for (let i = 0; i < MAILS_PER_ASKER + 3; i += 1) {
      const res = await call(t.app, 'POST', '/api/account/email', {
        as: asker,
        body: { email: owner.email, password: PASSWORD },
        remoteAddress: `10.1.0.${i + 1}`,
      });
      expect(res.status, `request ${i + 1}`).toBe(202);
    }
    expect(mailsTo(owner.email)).toHaveLength(MAILS_PER_ASKER);
  });

  it('counts links and notices one client address asks for one address together', async () => {
    // Signed in or not, from one address (IPv6: its /64) the asker is that address.
    const owner = await signUp(t.app);
    const asker = await signUp(t.app);
    const notice = await call(t.app, 'POST', '/api/account/email', {
      as: asker,
      body: { email: owner.email, password: PASSWORD },
      remoteAddress: '2001:db8:6:1::1',
    });
    expect(notice.status).toBe(202);
    for (let i = 0; i < MAILS_PER_ASKER + 1; i += 1) {
      const url = i % 2 ? '/api/auth/password-reset' : '/api/auth/email-link';
      const res = await call(t.app, 'POST', url, {
        body: { email: owner.email },
        remoteAddress: `2001:db8:6:1::${i + 2}`,
      });
      expect(res.status).toBe(202);
    }
    expect(mailsTo(owner.email)).toHaveLength(MAILS_PER_ASKER);
    // Another asker, and another address for the same asker, have their own shares.
    const other = await call(t.app, 'POST', '/api/auth/email-link', {
      body: { email: owner.email },
      remoteAddress: '2001:db8:6:2::1',
    });
    expect(other.status).toBe(202);
    const elsewhere = await call(t.app, 'POST', '/api/auth/email-link', {
      body: { email: asker.email },
      remoteAddress: '2001:db8:6:1::1',
    });
    expect(elsewhere.status).toBe(202);
    expect(mailsTo(owner.email)).toHaveLength(MAILS_PER_ASKER + 1);
    expect(mailsTo(asker.email)).toHaveLength(1);
  });

  it('mails an address at most MAILS_PER_ADDRESS_PER_HOUR from every asker together', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < MAILS_PER_ADDRESS_PER_HOUR + 3; i += 1) {
      // Links signed out and notices from accounts, each from an address of its own.
      const res =
        i % 3 === 2
          ? await call(t.app, 'POST', '/api/account/email', {
              as: await signUp(t.app),
              body: { email: owner.email, password: PASSWORD },
              remoteAddress: `10.6.0.${i + 1}`,
            })
          : await call(t.app, 'POST', '/api/auth/email-link', {
              body: { email: owner.email },
              remoteAddress: `10.6.0.${i + 1}`,
            });
      expect(res.status, `request ${i + 1}`).toBe(202);
    }
    expect(mailsTo(owner.email)).toHaveLength(MAILS_PER_ADDRESS_PER_HOUR);
  });

  it('still tells the old address of a confirmed change when its mail is spent', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < MAILS_PER_ADDRESS_PER_HOUR + 2; i += 1) {
      await call(t.app, 'POST', '/api/auth/email-link', {
        body: { email: user.email },
        remoteAddress: `10.7.0.${i + 1}`,
      });
    }
    expect(mailsTo(user.email)).toHaveLength(MAILS_PER_ADDRESS_PER_HOUR);
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
    expect(mailsTo(user.email)).toHaveLength(MAILS_PER_ADDRESS_PER_HOUR + 1);
    expect(mailsTo(user.email).at(-1)!.text).toContain(`was changed to ${moved}`);
  });

  it("keeps a squatter from spending the owner's mail: the owner's link comes and claims the account", async () => {
    // The squatter signs up with the owner's address (unproven) and asks links to it, signed
    // out and from its own session, more than its share each way.
    const email = uniqueEmail('owner');
    const squatter = await signUp(t.app, email);
    for (let i = 0; i < MAILS_PER_ASKER + 2; i += 1) {
      for (const url of ['/api/auth/email-link', '/api/auth/password-reset']) {
        const res = await call(t.app, 'POST', url, { body: { email }, remoteAddress: '10.5.0.1' });
        expect(res.status).toBe(202);
      }
      const own = await call(t.app, 'POST', '/api/account/email', {
        as: squatter,
        body: { email },
        remoteAddress: '10.5.0.2',
      });
      expect(own.status, JSON.stringify(own.body)).toBe(202);
    }
    const before = mailsTo(email).length;
    expect(before).toBe(2 * MAILS_PER_ASKER);

    // The owner, from another address, asks a sign-in link: it comes, and opening it claims the
    // account.
    const asked = await call(t.app, 'POST', '/api/auth/email-link', {
      body: { email },
      remoteAddress: '10.5.0.3',
    });
    expect(asked.status).toBe(202);
    expect(mailsTo(email)).toHaveLength(before + 1);
    const opened = await call<LinkSignInAnswer>(t.app, 'POST', '/api/auth/email-link/signin', {
      body: { token: smtp.lastToken(email), email },
      remoteAddress: '10.5.0.3',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({ uid: squatter.uid, emailVerified: true, cleared: true });
    const again = await call(t.app, 'POST', '/api/auth/signin', {
      body: { email, password: PASSWORD },
    });
    expect(again.status, 'the squatter’s password').toBe(401);
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
