import { describe, expect, it } from 'vitest';
import { appendRing } from './appLog.ts';
import { commandUpload } from './deviceCommands.ts';
import { makeGuest } from './device.ts';
import { pathFromQr } from './qrLink.ts';

describe('participant helpers', () => {
  it('keeps the newest log lines in a ring', () => {
    let lines: string[] = [];
    for (let i = 0; i < 5; i += 1) lines = appendRing(lines, `l${i}`, 3);
    expect(lines).toEqual(['l2', 'l3', 'l4']);
  });

  it('makes guest credentials the server accepts', () => {
    const g = makeGuest('AbC123-xyz', 'secretsecret');
    expect(g.email).toBe('guest-abc123xyz@guest.rada.local');
    expect(g.password.length).toBeGreaterThanOrEqual(8);
  });

  it('reads join links and bare codes from QR codes', () => {
    const code = (c: string) => `/play?code=${c}`;
    expect(pathFromQr('https://rada.ee/spring/join/ab12cd', code)).toBe('/spring/join/AB12CD');
    expect(pathFromQr(' XY7Z9Q ', code)).toBe('/play?code=XY7Z9Q');
    expect(pathFromQr('https://example.com/other', code)).toBeNull();
    expect(pathFromQr('not a code!', code)).toBeNull();
  });

  it('answers commands with the log, the own track as GPX and the local data', async () => {
    const sources = {
      log: () => 'line 1',
      track: () =>
        Promise.resolve([{ t: 0, y: 58.5, x: 26.5, a: null, s: null, l: 40, g: null, d: null }]),
      database: () => Promise.resolve({ actions: [] }),
      name: 'Ev <T>',
    };
    expect(await commandUpload('sendLog', sources)).toEqual({ kind: 'log', content: 'line 1' });
    const gpx = await commandUpload('sendGPX', sources);
    expect(gpx.kind).toBe('gpx');
    expect(gpx.content).toContain('lat="58.5"');
    expect(gpx.content).toContain('lon="26.5"');
    expect(gpx.content).toContain('<name>Ev &lt;T&gt;</name>');
    expect(await commandUpload('sendDB', sources)).toEqual({
      kind: 'db',
      content: '{"actions":[]}',
    });
  });
});
