import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { MemoryRouter } from 'react-router';
import type { ErrorBody, Me } from '@rada/core';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { NotifyProvider } from '../../components/NotifyProvider.tsx';
import { CreateEventDialog } from './CreateEventDialog.tsx';

const creator: Me = {
  uid: 'u1',
  email: 'mari@example.ee',
  displayName: 'Mari',
  phoneNumber: null,
  creator: true,
  superAdmin: false,
  platformOwner: false,
  guest: false,
  emailVerified: false,
  hasPassword: true,
};

const eventFile = (kp: Record<string, unknown>, kpdata: Record<string, unknown> = {}) =>
  JSON.stringify({
    events: { name: 'Spring', admins: { elsewhere: 'admin' } },
    eventsdata: { kp, kpdata },
    teams: {},
    evdoc: {},
  });

/** The refusal the server gives a template whose admins have no account here. */
const refusal: ErrorBody = {
  error: 'eventfile.error.invalid',
  message: 'events.admins.elsewhere: no account with this uid here',
  details: [{ path: 'events.admins.elsewhere', message: 'no account with this uid here' }],
};

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['me'], creator);
  return render(
    <QueryClientProvider client={queryClient}>
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <MemoryRouter>
          <NotifyProvider>
            <CreateEventDialog open onClose={() => undefined} />
          </NotifyProvider>
        </MemoryRouter>
      </LocalizationProvider>
    </QueryClientProvider>,
  );
}

async function pickTemplate(text: string) {
  const file = new File([text], 'spring.json', { type: 'application/json' });
  fireEvent.change(screen.getByTestId('createevent-template'), { target: { files: [file] } });
  await waitFor(() => expect(screen.getByTestId('createevent-template-name')).toBeTruthy());
}

const problems = () =>
  [...screen.getByTestId('createevent-template-problems').querySelectorAll('li')].map(
    (li) => li.textContent,
  );

describe('the create dialog’s template problems', () => {
  beforeEach(async () => {
    await setLanguage('en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (/\/exists$/.test(url)) {
          return new Response(JSON.stringify({ exists: false, valid: true }), { status: 200 });
        }
        if (url === '/api/events' && init?.method === 'POST') {
          return new Response(JSON.stringify(refusal), { status: 400 });
        }
        return new Response('{}', { status: 404 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each problem of a chosen file by its path, and blocks creating', async () => {
    renderDialog();
    await pickTemplate(
      eventFile(
        { k12: { nr: { n: 12 } }, k2: { nr: 2 }, k3: { nr: 2 } },
        { k2: { loc: { lat: 999, lng: 26 } } },
      ),
    );
    expect(screen.getByTestId('createevent-template-error').textContent).toMatch(
      /^The event file has errors/,
    );
    expect(problems()).toEqual([
      expect.stringMatching(/^eventsdata\.kp\.k12\.nr: /),
      'eventsdata.kp.k3.nr: KP number 2 is already used by k2',
      expect.stringMatching(/^eventsdata\.kpdata\.k2\.loc\.lat: .*90/),
    ]);
    fireEvent.change(screen.getByTestId('createevent-name'), { target: { value: 'Spring' } });
    expect((screen.getByTestId('createevent-create') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s per-path refusal of a file that passed the checks here', async () => {
    renderDialog();
    await pickTemplate(eventFile({ k1: { nr: 1 } }));
    expect(screen.queryByTestId('createevent-template-error')).toBeNull();
    fireEvent.change(screen.getByTestId('createevent-name'), { target: { value: 'Spring' } });
    const create = screen.getByTestId('createevent-create') as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(create);
    await waitFor(() => expect(screen.getByTestId('createevent-template-problems')).toBeTruthy());
    expect(problems()).toEqual(['events.admins.elsewhere: no account with this uid here']);
    // Sending it again (e.g. without its admins) stays possible.
    expect(create.disabled).toBe(false);
  });

  it('speaks Estonian too', async () => {
    await setLanguage('et');
    renderDialog();
    await pickTemplate(eventFile({ k1: { nr: { n: 1 } } }));
    expect(screen.getByTestId('createevent-template-error').textContent).toMatch(
      /^Ürituse failis on vigu\s*Vead failis:/,
    );
  });
});
