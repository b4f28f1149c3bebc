import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DeletedKpOnTeamRow } from '@rada/core';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { DeletedKpOnTeamDialog } from './DeletedKpOnTeamDialog.tsx';

const row = (teamId: string, kpId: string, deletedId: string | null): DeletedKpOnTeamRow => ({
  teamId,
  teamName: `Team ${teamId}`,
  kpId,
  aeg: 1767265000000,
  deleted: deletedId !== null,
  answer: 'r1',
  ok: null,
  deletedNr: deletedId ? 20 : null,
  deletedId,
});

let rows: DeletedKpOnTeamRow[] = [];
let status = 200;
const calls: string[] = [];

function renderDialog() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <DeletedKpOnTeamDialog eventId="ev1" open onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

const closeButton = () => screen.getByTestId('deletedkponteam-close') as HTMLButtonElement;

describe('DeletedKpOnTeamDialog', () => {
  beforeEach(async () => {
    await setLanguage('en');
    calls.length = 0;
    status = 200;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (status !== 200) {
          return new Response(JSON.stringify({ error: 'error.forbidden', message: 'no' }), {
            status,
          });
        }
        if (init?.method === 'DELETE') {
          const m = /teams\/([^/]+)\/answers\/([^/]+)$/.exec(url);
          rows = rows.filter((r) => !(r.teamId === m?.[1] && r.kpId === m?.[2]));
          return new Response(null, { status: 204 });
        }
        return new Response(JSON.stringify(rows), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps close disabled until the last row is settled', async () => {
    rows = [row('t1', 'kp20', 'd20'), row('t2', 'gone', null)];
    renderDialog();
    await screen.findByTestId('deletedkponteam-row-t1-kp20');
    expect(closeButton().disabled).toBe(true);
    // Only a KP in the deleted store can be restored.
    expect(screen.queryByTestId('deletedkponteam-restore-t1-kp20')).not.toBeNull();
    expect(screen.queryByTestId('deletedkponteam-restore-t2-gone')).toBeNull();

    fireEvent.click(screen.getByTestId('deletedkponteam-delete-t2-gone'));
    await waitFor(() => expect(screen.queryByTestId('deletedkponteam-row-t2-gone')).toBeNull());
    expect(closeButton().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('deletedkponteam-delete-t1-kp20'));
    await waitFor(() => expect(closeButton().disabled).toBe(false));
    expect(calls).toContain('DELETE /api/events/ev1/teams/t1/answers/kp20');
  });

  it('says results may be broken when the caller has no event access', async () => {
    status = 403;
    renderDialog();
    const message = await screen.findByTestId('deletedkponteam-broken');
    expect(message.textContent).toMatch(/^Results may be broken/);
    expect(closeButton().disabled).toBe(false);
  });
});
