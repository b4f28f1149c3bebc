import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { JOIN_CODE_ALPHABET } from '@rada/core';
import type { CreateJoinCodeBody, JoinCodeView } from '@rada/core';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { CreateJoinCodeDialog } from './CreateJoinCodeDialog.tsx';

const posted: CreateJoinCodeBody[] = [];

function renderDialog(teamId?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onCreated = vi.fn<(code: JoinCodeView) => void>();
  render(
    <QueryClientProvider client={queryClient}>
      <CreateJoinCodeDialog
        eventId="ev"
        teamId={teamId}
        onClose={() => undefined}
        onCreated={onCreated}
      />
    </QueryClientProvider>,
  );
  return onCreated;
}

const codeInput = () => screen.getByTestId('joincode-create-code') as HTMLInputElement;

describe('CreateJoinCodeDialog', () => {
  beforeEach(async () => {
    await setLanguage('en');
    posted.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/events/ev/joincodes/validities') {
          // What the server answers: the end of a day in the event's zone (Tallinn, UTC+2).
          const ends = {
            '1w': Date.parse('2026-11-11T23:59:59.999+02:00'),
            '2w': Date.parse('2026-11-18T23:59:59.999+02:00'),
            '1m': Date.parse('2026-12-04T23:59:59.999+02:00'),
            '2m': Date.parse('2027-01-04T23:59:59.999+02:00'),
          };
          return new Response(JSON.stringify({ timeZone: 'Europe/Tallinn', ends }));
        }
        if (url === '/api/events/ev/teams') {
          return new Response(JSON.stringify([{ id: 'alpha', name: 'Alpha', nr: 1 }]));
        }
        if (url === '/api/events/ev/joincodes' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as CreateJoinCodeBody;
          posted.push(body);
          if (body.code === 'TAKEN1') {
            const error = { error: 'joinc.error.codeexists', message: 'exists' };
            return new Response(JSON.stringify(error), { status: 409 });
          }
          const view = { ...body, uses: [], used: null, link: `/ev/join/${body.code}` };
          return new Response(JSON.stringify(view), { status: 201 });
        }
        return new Response('{}', { status: 404 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('suggests a random code, upper-cases what is typed and suggests another on request', async () => {
    renderDialog();
    const first = codeInput().value;
    expect(first).toHaveLength(6);
    for (const c of first) expect(JOIN_CODE_ALPHABET).toContain(c);
    fireEvent.change(codeInput(), { target: { value: 'ab-12 cd' } });
    expect(codeInput().value).toBe('AB12CD');
    fireEvent.click(screen.getByTestId('joincode-create-regenerate'));
    expect(codeInput().value).not.toBe('AB12CD');
    const month = screen.getByTestId('joincode-validity-1m');
    expect((month.querySelector('input') as HTMLInputElement).checked).toBe(true);
    // The end the server computed, read in the event's zone whatever the browser's.
    await waitFor(() =>
      expect(month.textContent).toBe('1 month: until the end of 04 December 2026 (Europe/Tallinn)'),
    );
    expect(screen.getByTestId('joincode-create-zone').textContent).toContain('Europe/Tallinn');
  });

  it('shows an existing code on the code field and creates nothing', async () => {
    const onCreated = renderDialog();
    fireEvent.change(codeInput(), { target: { value: 'taken1' } });
    fireEvent.click(screen.getByTestId('joincode-create-submit'));
    await screen.findByText('This join code exists already');
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(onCreated).not.toHaveBeenCalled();
    // Typing clears the message.
    fireEvent.change(codeInput(), { target: { value: 'FREE12' } });
    expect(screen.queryByText('This join code exists already')).toBeNull();
  });

  it('refuses a code that is too short before asking the server', () => {
    renderDialog();
    // Five characters: enough to use an old code, too few for a new one.
    fireEvent.change(codeInput(), { target: { value: 'ab12c' } });
    fireEvent.click(screen.getByTestId('joincode-create-submit'));
    expect(screen.getByText('Use 6 to 32 letters (A–Z) or digits')).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('presets a single-team code for the given team and sends the chosen validity', async () => {
    const onCreated = renderDialog('alpha');
    const single = screen.getByTestId('joincode-create-singleteam').querySelector('input');
    expect(single?.checked).toBe(true);
    fireEvent.change(codeInput(), { target: { value: 'TEAM01' } });
    fireEvent.click(screen.getByTestId('joincode-validity-2w').querySelector('input')!);
    fireEvent.click(screen.getByTestId('joincode-create-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(posted).toEqual([
      {
        code: 'TEAM01',
        singleteam: true,
        teamId: 'alpha',
        validity: '2w',
      },
    ]);
  });
});
