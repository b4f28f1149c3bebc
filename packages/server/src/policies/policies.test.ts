import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import {
  canDeleteEvent,
  canEditEvent,
  canManageAdmins,
  canReadEvent,
  canReadEventPrivate,
  isListedPublicly,
} from './event.policy.ts';
import type { EventAccess } from './event.policy.ts';
import { canCreateEvent, canManageCreators, canSearchUsers } from './platform.policy.ts';

const actor = (over: Partial<Actor> = {}): Actor => ({
  uid: 'u1',
  email: 'u1@example.com',
  superAdmin: false,
  platformOwner: false,
  creator: false,
  ...over,
});

const access = (a: Actor | null, role: EventAccess['role'], hidden = false): EventAccess => ({
  actor: a,
  role,
  hidden,
});

describe('event policies', () => {
  const who = {
    anonymous: access(null, null),
    stranger: access(actor({ creator: true }), null),
    admin: access(actor(), 'admin'),
    owner: access(actor(), 'owner'),
    superAdmin: access(actor({ superAdmin: true, creator: true }), null),
  };
  const table = (policy: (a: EventAccess) => boolean) =>
    Object.fromEntries(Object.entries(who).map(([k, a]) => [k, policy(a)]));

  it('lets anyone read the public fields, hidden or not', () => {
    expect(table(canReadEvent)).toEqual({
      anonymous: true,
      stranger: true,
      admin: true,
      owner: true,
      superAdmin: true,
    });
    expect(canReadEvent(access(null, null, true))).toBe(true);
  });

  it('keeps private data, editing and admins to the event admins and super admins', () => {
    const expected = {
      anonymous: false,
      stranger: false,
      admin: true,
      owner: true,
      superAdmin: true,
    };
    expect(table(canReadEventPrivate)).toEqual(expected);
    expect(table(canEditEvent)).toEqual(expected);
    expect(table(canManageAdmins)).toEqual(expected);
  });

  it('lets only the owner or a super admin delete', () => {
    expect(table(canDeleteEvent)).toEqual({
      anonymous: false,
      stranger: false,
      admin: false,
      owner: true,
      superAdmin: true,
    });
  });

  it('lists only events that are not hidden', () => {
    expect(isListedPublicly({ hidden: false })).toBe(true);
    expect(isListedPublicly({ hidden: true })).toBe(false);
  });
});

describe('platform policies', () => {
  it('needs a creator record to create events', () => {
    expect(canCreateEvent(null)).toBe(false);
    expect(canCreateEvent(actor())).toBe(false);
    expect(canCreateEvent(actor({ creator: true }))).toBe(true);
  });

  it('lets only super admins manage creators', () => {
    expect(canManageCreators(null)).toBe(false);
    expect(canManageCreators(actor({ creator: true, platformOwner: true }))).toBe(false);
    expect(canManageCreators(actor({ superAdmin: true }))).toBe(true);
  });

  it('lets creators and super admins search users', () => {
    expect(canSearchUsers(null)).toBe(false);
    expect(canSearchUsers(actor())).toBe(false);
    expect(canSearchUsers(actor({ creator: true }))).toBe(true);
    expect(canSearchUsers(actor({ superAdmin: true }))).toBe(true);
  });
});
