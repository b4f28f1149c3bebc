import { describe, expect, it } from 'vitest';
import { REQUEST_BODY_MAX_BYTES } from '@rada/core';
import { DEFAULT_RATE_LIMITS, loadConfig, parseRateLimit } from './config.ts';

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
    // Only a proxy on this host may name the client's address (X-Forwarded-For).
    expect(config.trustProxy).toBe('loopback');
    expect(config.bodyLimit).toBe(REQUEST_BODY_MAX_BYTES);
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
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

  it('reads METRICS_TOKEN: none by default, a blank one is none', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'abc123' }).metricsToken).toBe('abc123');
  });

  it('reads flags', () => {
    const config = loadConfig({ SIGNUP_OPEN: 'false', COOKIE_SECURE: 'true', PORT: '0' });
    expect(config).toMatchObject({ signupOpen: false, cookieSecure: true, port: 0 });
  });

  it('reads TRUST_PROXY, body limits and rate limits', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe('loopback');
    const config = loadConfig({
      BODY_LIMIT: '2097152',
      LARGE_BODY_LIMIT: '10485760',
      RATE_LIMIT_SIGNIN_ACCOUNT: '20/30m',
      RATE_LIMIT_JOIN: ' 5 / 10s ',
      RATE_LIMIT_SIGNUP: '1000/1h',
    });
    expect(config).toMatchObject({ bodyLimit: 2 * 1024 * 1024, largeBodyLimit: 10 * 1024 * 1024 });
    expect(config.rateLimits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      signinAccount: { max: 20, windowMs: 30 * 60_000 },
      join: { max: 5, windowMs: 10_000 },
      signup: { max: 1000, windowMs: 3_600_000 },
    });
    expect(parseRateLimit('X', '0/1s')).toEqual({ max: 0, windowMs: 1000 });
  });

  it('reads the second archive tier: a folder or S3', () => {
    expect(loadConfig({}).archive2).toBeNull();
    expect(loadConfig({ ARCHIVE2_DIR: '/srv/a2' }).archive2).toEqual({
      kind: 'folder',
      dir: '/srv/a2',
    });
    expect(
      loadConfig({
        ARCHIVE2_S3_BUCKET: 'rada',
        ARCHIVE2_S3_ENDPOINT: 'http://minio.local:9000',
        ARCHIVE2_S3_PREFIX: 'archive',
        ARCHIVE2_S3_ACCESS_KEY_ID: 'id',
        ARCHIVE2_S3_SECRET_ACCESS_KEY: 'secret',
      }).archive2,
    ).toEqual({
      kind: 's3',
      bucket: 'rada',
      endpoint: 'http://minio.local:9000',
      region: 'us-east-1',
      prefix: 'archive/',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      pathStyle: true,
    });
    // AWS itself: its own endpoint, buckets by host name, keys from the SDK's usual places.
    expect(
      loadConfig({ ARCHIVE2_S3_BUCKET: 'rada', ARCHIVE2_S3_REGION: 'eu-north-1' }).archive2,
    ).toMatchObject({ endpoint: null, region: 'eu-north-1', pathStyle: false, accessKeyId: null });
    expect(() => loadConfig({ ARCHIVE2_DIR: '/a', ARCHIVE2_S3_BUCKET: 'b' })).toThrow(/one of/);
    expect(() =>
      loadConfig({ ARCHIVE2_S3_BUCKET: 'b', ARCHIVE2_S3_ENDPOINT: 'minio:9000' }),
    ).toThrow(/ARCHIVE2_S3_ENDPOINT/);
  });

  it('refuses values that cannot work', () => {
    expect(() => loadConfig({ RATE_LIMIT_UPLOAD: '10' })).toThrow(/RATE_LIMIT_UPLOAD/);
    expect(() => loadConfig({ RATE_LIMIT_UPLOAD: '10/0m' })).toThrow(/RATE_LIMIT_UPLOAD/);
    expect(() => loadConfig({ RATE_LIMIT_SIGNUP: 'ten/1m' })).toThrow(/RATE_LIMIT_SIGNUP/);
    expect(() => loadConfig({ BODY_LIMIT: '1MB' })).toThrow(/BODY_LIMIT/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_PROVIDERS: 'password,google' })).toThrow(/google/);
  });
});
