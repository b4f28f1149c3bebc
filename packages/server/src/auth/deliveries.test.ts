import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../test/databases.ts';
import { deliveryQueue } from './deliveries.ts';
import { buildTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, signUp, uniqueEmail, uniquePhone } from '../test/factories.ts';
import type { TestUser } from '../test/factories.ts';
import { startTestSmtp } from '../test/smtpServer.ts';
import type { TestSmtp } from '../test/smtpServer.ts';
import { startTestSmsGateway } from '../test/smsGateway.ts';
import type { TestSmsGateway } from '../test/smsGateway.ts';

/** How long the stand-in mail server and SMS gateway take to accept a message. */
const SLOW_MS = 600;
/** An answer that waited for a send would take SLOW_MS at least. */
const FAST_MS = 300;

// Issue 33, item 9: a password reset answered in 150–200 ms for an account and 3–5 ms for
// none, because the answer waited for the mail. Every flow that mails or texts answers first.
describe('mail and SMS go after the answer', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sms: TestSmsGateway;
  let user: TestUser;
  beforeAll(async () => {
    smtp = await startTestSmtp({ delayMs: SLOW_MS });
    sms = await startTestSmsGateway('sms-test-token', 0, SLOW_MS);
    t = await buildTestApp(testDialects()[0]!, {
      smtpUrl: smtp.url,
      publicUrl: 'https://rada.example.org',
      smsGatewayUrl: sms.url,
      smsGatewayToken: sms.token,
    });
    user = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  /** A request straight through inject (not `call`, which waits for the sends), timed. */
  const timed = async (url: string, payload: object, cookie?: string) => {
    const start = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: cookie ? { cookie } : {},
    });
    return { status: res.statusCode, ms: performance.now() - start };
  };
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

  it('answers a reset and a sign-in link as fast for an account as for none, and still mails', async () => {
    for (const url of ['/api/auth/password-reset', '/api/auth/email-link']) {
      const nobody = uniqueEmail('nobody');
      const known = await timed(url, { email: user.email });
      const unknown = await timed(url, { email: nobody });
      expect([known.status, unknown.status], url).toEqual([202, 202]);
      expect(known.ms, `${url} for an account`).toBeLessThan(FAST_MS);
      expect(unknown.ms, `${url} for none`).toBeLessThan(FAST_MS);
      await t.app.deliveries.settled();
    }
    // Both went to the account; a sign-in link to the new address too (open sign-up).
    expect(mailsTo(user.email)).toHaveLength(2);
  });

  it('answers an email change (link, and the notice to a taken address) before mailing', async () => {
    const other = await signUp(t.app);
    const moved = uniqueEmail('moved');
    for (const email of [moved, other.email]) {
      const res = await timed('/api/account/email', { email, password: PASSWORD }, user.cookie);
      expect(res.status, email).toBe(202);
      expect(res.ms, email).toBeLessThan(FAST_MS);
    }
    await t.app.deliveries.settled();
    expect(mailsTo(moved)).toHaveLength(1);
    expect(mailsTo(other.email)).toHaveLength(1);
  });

  it('answers a phone code, to sign in and to add a number, before texting it', async () => {
    const signInPhone = uniquePhone();
    const addPhone = uniquePhone();
    const a = await timed('/api/auth/phone/code', { phone: signInPhone });
    const b = await timed('/api/account/phone/code', { phone: addPhone }, user.cookie);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.ms).toBeLessThan(FAST_MS);
    expect(b.ms).toBeLessThan(FAST_MS);
    await t.app.deliveries.settled();
    expect(sms.lastCode(signInPhone)).toMatch(/^\d{6}$/);
    expect(sms.lastCode(addPhone)).toMatch(/^\d{6}$/);
  });
});

describe('the delivery queue', () => {
  it('runs a job after the caller goes on, reports its failure, and waits at most as told', async () => {
    const errors: unknown[] = [];
    const queue = deliveryQueue((e) => errors.push(e));
    const ran: string[] = [];
    queue.later(() => {
      ran.push('job');
      return Promise.reject(new Error('mail server away'));
    });
    ran.push('caller');
    await queue.settled();
    expect(ran).toEqual(['caller', 'job']);
    expect(errors).toEqual([new Error('mail server away')]);

    queue.later(() => new Promise<void>(() => undefined)); // a send that never ends
    const start = performance.now();
    await queue.settled(50);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
