import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { MemoryRouter } from 'react-router';
import type { EventSummary, Me } from '@rada/core';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { NotifyProvider } from '../../components/NotifyProvider.tsx';
import { CreateEventDialog } from './CreateEventDialog.tsx';

const me = (creator: boolean): Me => ({
  uid: 'u1',
  email: 'mari@example.ee',
  displayName: 'Mari',
  phoneNumber: null,
  creator,
  superAdmin: false,
  platformOwner: false,
  guest: false,
  emailVerified: false,
  hasPassword: true,
});

const taken = new Set(['taken']);
const checked: string[] = [];

function renderDialog(user: Me, source?: EventSummary) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['me'], user);
  return render(
    <QueryClientProvider client={queryClient}>
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <MemoryRouter>
          <NotifyProvider>
            <CreateEventDialog open onClose={() => undefined} source={source} />
          </NotifyProvider>
        </MemoryRouter>
      </LocalizationProvider>
    </QueryClientProvider>,
  );
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;

describe('CreateEventDialog', () => {
  beforeEach(async () => {
    await setLanguage('en');
    checked.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const link = /\/api\/events\/([^/]+)\/exists/.exec(url)?.[1];
        if (!link) return new Response('{}', { status: 404 });
        checked.push(decodeURIComponent(link));
        const body = { exists: taken.has(link), valid: true };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('tells a user without creator rights why they cannot create events', () => {
    renderDialog(me(false));
    expect(screen.getByTestId('createevent-nopermission').textContent).toMatch(
      /do not have permission to create events/,
    );
    expect(screen.queryByTestId('createevent-name')).toBeNull();
    expect(screen.getByTestId('createevent-close')).toBeTruthy();
  });

  it('derives the short link from the name, checks it after a pause and enables creating', async () => {
    renderDialog(me(true));
    expect(button('createevent-create').disabled).toBe(true);
    fireEvent.change(input('createevent-name'), { target: { value: 'Tartu Öö Rogain' } });
    expect(input('createevent-shortlink').value).toBe('TartuOoRogain');
    expect(button('createevent-create').disabled).toBe(true);
    await waitFor(() => expect(button('createevent-create').disabled).toBe(false), {
      timeout: 2000,
    });
    expect(button('createevent-createconfigure').disabled).toBe(false);
    // Only the settled link was checked, not every keystroke.
    expect(checked).toEqual(['TartuOoRogain']);
  });

  it('keeps a hand-edited link and refuses one that is taken', async () => {
    renderDialog(me(true));
    fireEvent.change(input('createevent-name'), { target: { value: 'Spring' } });
    fireEvent.change(input('createevent-shortlink'), { target: { value: 'taken' } });
    fireEvent.change(input('createevent-name'), { target: { value: 'Spring Cup' } });
    expect(input('createevent-shortlink').value).toBe('taken');
    await waitFor(
      () =>
        expect(screen.getByTestId('createevent-shortlink-helper').textContent).toBe(
          'This short link is already taken',
        ),
      { timeout: 2000 },
    );
    expect(button('createevent-create').disabled).toBe(true);
  });

  /** Picks a small event file `t.json` (with `extra` at its top level) as the template. */
  const chooseTemplate = (extra: Record<string, unknown> = {}) => {
    const text = JSON.stringify({
      events: { name: 'Spring' },
      eventsdata: { kp: {}, kpdata: {} },
      teams: {},
      evdoc: {},
      ...extra,
    });
    const file = new File([text], 't.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('createevent-template'), { target: { files: [file] } });
  };

  it('offers "remove permissions" only when something with admins is copied', async () => {
    renderDialog(me(true));
    expect(screen.queryByTestId('createevent-removepermissions')).toBeNull();
    expect(screen.queryByTestId('createevent-source')).toBeNull();
    chooseTemplate();
    await screen.findByTestId('createevent-removepermissions');
    expect(screen.getByTestId('createevent-template-name').textContent).toBe('Template: t.json');
    // A file without map images says nothing of them.
    expect(screen.queryByTestId('createevent-template-maps')).toBeNull();
  });

  it('says what map images a template brings', async () => {
    renderDialog(me(true));
    // 150 000 bytes each, as base64 (the file's sizes are checked against its data).
    const data = 'AAAA'.repeat(50_000);
    const image = { name: 'Forest', format: 'png', width: 10, height: 10, placement: null, data };
    chooseTemplate({
      mapimages: {
        a: { ...image, bytes: 150_000, published: true, publicFrom: null, position: 0 },
        b: { ...image, bytes: 150_000, published: false, publicFrom: null, position: 1 },
      },
    });
    expect((await screen.findByTestId('createevent-template-maps')).textContent).toBe(
      'It brings 2 map images (0.3 MB): their tiles are cut once the event is made.',
    );
  });

  it('names the event being copied and offers a file instead', () => {
    const source = { id: 'spring', name: 'Spring Cup' } as EventSummary;
    renderDialog(me(true), source);
    expect(screen.getByTestId('createevent-source').textContent).toMatch(
      /settings and checkpoints of “Spring Cup”/,
    );
    expect(screen.getByTestId('createevent-removepermissions')).toBeTruthy();
    expect(screen.getByTestId('createevent-template-button').textContent).toBe(
      'Use a file instead',
    );
  });

  it('blocks a malformed link at once without asking the server', () => {
    renderDialog(me(true));
    fireEvent.change(input('createevent-name'), { target: { value: 'Spring' } });
    fireEvent.change(input('createevent-shortlink'), { target: { value: 'a/b' } });
    expect(screen.getByTestId('createevent-shortlink-helper').textContent).toMatch(
      /only letters, digits/,
    );
    expect(button('createevent-create').disabled).toBe(true);
  });
});
