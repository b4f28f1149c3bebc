import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './ipAddress.ts';

describe('public addresses', () => {
  it('are told from loopback, private, link-local and reserved ones, in every spelling', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '[::1]',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:127.0.0.1',
      '::ffff:0:7f00:1',
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2001::1',
      '2001:db8::1',
      '100::1',
      'localhost',
      'not an address',
      // Found by ipAddress.fuzz.test.ts: the zone was cut before the check, so these were public.
      '127.0.0.1%eth0',
      '10.0.0.1%',
      '[192.168.1.1%x]',
    ])
      expect(isPublicAddress(a), a).toBe(false);
    for (const a of [
      '8.8.8.8',
      '193.40.0.1',
      '172.32.0.1',
      '2a00:1450::1',
      '[2a00:1450::1]',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      expect(isPublicAddress(a), a).toBe(true);
  });
});
