import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      providers: ['password'],
      signupOpen: true,
      superAdminEmails: [],
      platformOwnerEmail: null,
      cookieSecure: false,
      logLevel: 'info',
    });
    expect(config.database).toEqual({
      dialect: 'sqlite',
      file: expect.stringMatching(/[/\\]data[/\\]rada\.sqlite$/),
    });
  });

  it('lowercases and trims the configured super admin and owner emails', () => {
    const config = loadConfig({
      SUPERADMIN_EMAILS: ' Boss@Example.com ,, second@example.com ',
      PLATFORM_OWNER_EMAIL: 'Owner@Example.com',
    });
    expect(config.superAdminEmails).toEqual(['boss@example.com', 'second@example.com']);
    expect(config.platformOwnerEmail).toBe('owner@example.com');
  });

  it('reads each kind of DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).database.dialect).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      file: '/tmp/x.sqlite',
    });
    expect(loadConfig({ DATABASE_URL: 'pglite:/tmp/pg' }).database).toEqual({
      dialect: 'pglite',
      dataDir: '/tmp/pg',
    });
    expect(loadConfig({ DATA_DIR: '/srv/rada' }).database).toEqual({
      dialect: 'sqlite',
      file: '/srv/rada/rada.sqlite',
    });
  });

  it('reads flags', () => {
    const config = loadConfig({ SIGNUP_OPEN: 'false', COOKIE_SECURE: 'true', PORT: '0' });
    expect(config).toMatchObject({ signupOpen: false, cookieSecure: true, port: 0 });
  });

  it('refuses values that cannot work', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_PROVIDERS: 'password,google' })).toThrow(/google/);
  });
});
