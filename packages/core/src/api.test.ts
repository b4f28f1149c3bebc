import { describe, expect, it } from 'vitest';
import {
  CreateEventBody,
  DeleteAccountBody,
  SignInBody,
  SignUpBody,
  UpdateEventBody,
  accountLabel,
  deleteConfirmation,
  deleteConfirmed,
  shownEmail,
} from './api.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

describe('request bodies', () => {
  it('lowercases emails and trims names on sign-up', () => {
    expect(
      SignUpBody.parse({
        email: 'Mari@Example.COM',
        password: 'x'.repeat(8),
        displayName: '  Mari ',
      }),
    ).toEqual({
      email: 'mari@example.com',
      password: 'x'.repeat(8),
      displayName: 'Mari',
    });
  });

  it('holds passwords to the shared limits and refuses unknown fields', () => {
    const body = (password: string) => ({ email: 'a@example.com', password, displayName: 'A' });
    expect(SignUpBody.safeParse(body('x'.repeat(PASSWORD_MIN_LENGTH - 1))).success).toBe(false);
    expect(SignUpBody.safeParse(body('x'.repeat(PASSWORD_MIN_LENGTH))).success).toBe(true);
    expect(SignUpBody.safeParse(body('x'.repeat(PASSWORD_MAX_LENGTH + 1))).success).toBe(false);
    expect(SignUpBody.safeParse({ ...body('x'.repeat(8)), superAdmin: true }).success).toBe(false);
    expect(SignInBody.safeParse({ email: 'a@example.com', password: '' }).success).toBe(false);
    expect(DeleteAccountBody.safeParse({}).success).toBe(false);
  });

  it('removes permissions on a copy unless told otherwise', () => {
    const base = { name: 'E', shortlink: 'e', starttime: 0, endtime: null };
    expect(CreateEventBody.parse(base).removePermissions).toBe(true);
    expect(CreateEventBody.parse({ ...base, removePermissions: false }).removePermissions).toBe(
      false,
    );
    expect(CreateEventBody.safeParse({ ...base, starttime: 1.5 }).success).toBe(false);
    expect(CreateEventBody.safeParse({ ...base, endtime: undefined }).success).toBe(false);
  });

  it('lets an event update clear the end but not the start', () => {
    expect(UpdateEventBody.parse({ endtime: null })).toEqual({ endtime: null });
    expect(UpdateEventBody.safeParse({ starttime: null }).success).toBe(false);
    expect(UpdateEventBody.safeParse({ name: '   ' }).success).toBe(false);
  });
});

describe('how an account is named', () => {
  const full = { email: 'mari@example.ee', phoneNumber: '+37255501234', displayName: 'Mari' };
  const phoneOnly = { ...full, email: 'phone-abc@phone.invalid' };
  const guest = { email: 'x1@guest.invalid', phoneNumber: null, displayName: 'Guest 4821' };

  it('never shows a placeholder email', () => {
    expect(shownEmail(full.email)).toBe('mari@example.ee');
    expect(shownEmail(phoneOnly.email)).toBeNull();
    expect(shownEmail('X1@GUEST.INVALID')).toBeNull();
    expect(shownEmail(null)).toBeNull();
    expect([full, phoneOnly, guest].map(accountLabel)).toEqual([
      'mari@example.ee',
      '+37255501234',
      'Guest 4821',
    ]);
  });

  it('asks for the email, else the phone, else the name to delete, case and spaces aside', () => {
    expect([full, phoneOnly, guest].map(deleteConfirmation)).toEqual([
      'mari@example.ee',
      '+37255501234',
      'Guest 4821',
    ]);
    expect(deleteConfirmed(' MARI@example.ee ', full)).toBe(true);
    expect(deleteConfirmed('+37255501234', full)).toBe(false);
    expect(deleteConfirmed(phoneOnly.email, phoneOnly)).toBe(false);
    expect(deleteConfirmed('guest   4821', guest)).toBe(true);
    expect(deleteConfirmed('', { ...guest, displayName: '' })).toBe(false);
  });
});
