import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@rada/core';
import type { GuestAnswer } from '@rada/core';
import { testDialects } from '../test/databases.ts';
import { buildTestApp, call, errorOf } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { PASSWORD, sessionCookie, signUp } from '../test/factories.ts';
import { startTestSmtp } from '../test/smtpServer.ts';
import type { TestSmtp } from '../test/smtpServer.ts';

/** Addresses of the domains Rada makes up for guests and phone-only accounts, and another. */
const RESERVED = [
  '01hzzzzzzzzzzzzzzzzzzzzzzz@guest.invalid',
  'phone-abc@phone.invalid',
  'me@x.invalid',
];

// Issue 33, item 12: sign-up and a guest's upgrade took the reserved placeholder domains.
describe.each(testDialects())('reserved placeholder addresses on $name', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp(dialect, { smtpUrl: smtp.url, publicUrl: 'https://rada.example.org' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const refused = (res: { status: number; body: unknown }) =>
    expect([res.status, errorOf(res as never)]).toEqual([400, 'auth.error.reservedemail']);

  it('refuses them at sign-up (400 auth.error.reservedemail)', async () => {
    for (const email of RESERVED) {
      const res = await call(t.app, 'POST', '/api/auth/signup', {
        body: { email, password: PASSWORD, displayName: 'Someone' },
      });
      refused(res);
      expect(res.body).toMatchObject({ message: ERROR_MESSAGES['auth.error.reservedemail'] });
    }
  });

  it("refuses them in a guest's upgrade", async () => {
    const guest = await call<GuestAnswer>(t.app, 'POST', '/api/auth/guest');
    const cookie = sessionCookie(guest.headers['set-cookie']);
    for (const email of [...RESERVED, guest.body.me.email]) {
      refused(
        await call(t.app, 'POST', '/api/auth/upgrade', {
          as: { cookie },
          body: { email, password: PASSWORD, displayName: 'Someone' },
        }),
      );
    }
  });

  it('refuses them as a new email address, and mails nothing', async () => {
    const user = await signUp(t.app);
    for (const email of RESERVED) {
      refused(await call(t.app, 'POST', '/api/account/email', { as: user, body: { email } }));
    }
    expect(smtp.mails).toHaveLength(0);
  });
});
