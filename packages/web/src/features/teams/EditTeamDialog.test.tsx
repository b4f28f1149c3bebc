import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { teamTimeWarnings } from '@rada/core';
import type { TeamListEntry, UpdateTeamBody } from '@rada/core';
import { teamListEntry } from '@rada/core/testing';
import i18n, { setLanguage } from '../../i18n/index.ts';
import { EditTeamDialog } from './EditTeamDialog.tsx';
import { formatTime } from './teamAnswers.ts';
import { timeWarningTexts } from './teamChanges.ts';
import type { TeamChange } from './teamChanges.ts';

const H = 3_600_000;
/** Whole seconds: the field holds no milliseconds. */
const second = (ms: number) => Math.floor(ms / 1000) * 1000;
const NOW = second(Date.now());
/** Under way: started 2 h ago, ends in 4. */
const EVENT = { starttime: NOW - 2 * H, endtime: NOW + 4 * H };

let patches: UpdateTeamBody[] = [];
let changes: TeamChange[] = [];

function renderDialog(team: TeamListEntry) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EditTeamDialog
        eventId="ev1"
        team={team}
        classes={new Map()}
        readOnly={false}
        onClose={() => undefined}
        // As the Teams tab does.
        warningsFor={(next) =>
          timeWarningTexts(i18n.t, teamTimeWarnings(next, team, EVENT, Date.now()))
        }
        onChanged={(change) => changes.push(change)}
      />
    </QueryClientProvider>,
  );
}

/** Types a time into one of the form's date-time fields, as a browser's autofill does. */
function typeTime(testId: 'team-form-start' | 'team-form-finish', ms: number) {
  const input = screen.getByTestId(testId).querySelector('input')!;
  fireEvent.change(input, { target: { value: formatTime(ms) } });
}

const save = () => screen.getByTestId('team-form-save');
const warnings = () => screen.queryByTestId('time-warnings');

describe('EditTeamDialog', () => {
  beforeEach(async () => {
    await setLanguage('en');
    patches = [];
    changes = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as UpdateTeamBody;
        patches.push(body);
        return new Response(JSON.stringify(teamListEntry('a', body as object)), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says a finish in the future in words and saves it only with Save anyway, with Undo', async () => {
    renderDialog(teamListEntry('a', { name: 'Alpha', starttime: NOW - H }));
    const finish = NOW + 3 * H;
    typeTime('team-form-finish', finish);
    expect(save().textContent).toBe('Save');
    fireEvent.click(save());
    expect(warnings()?.textContent).toMatch(
      new RegExp(`The finish ${formatTime(finish)} is (2 h 59|3 h 0) min in the future`),
    );
    expect(save().textContent).toBe('Save anyway');
    expect(patches).toEqual([]);

    fireEvent.click(save());
    await waitFor(() => expect(patches).toEqual([{ finishtime: finish }]));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]).toEqual({
      teamId: 'a',
      name: 'Alpha',
      text: `Alpha: finish ${formatTime(finish)} (was none)`,
      revert: { finishtime: null },
    });
  });

  it('looks at a changed time again: a finish up to now saves at once', async () => {
    renderDialog(teamListEntry('a', { name: 'Alpha', starttime: NOW - H }));
    typeTime('team-form-finish', NOW + 3 * H);
    fireEvent.click(save());
    expect(warnings()).not.toBeNull();
    typeTime('team-form-finish', NOW - 10 * 60_000);
    expect(warnings()).toBeNull();
    expect(save().textContent).toBe('Save');
    fireEvent.click(save());
    await waitFor(() => expect(patches).toEqual([{ finishtime: NOW - 10 * 60_000 }]));
  });

  it('does not warn of a time it leaves as it was', async () => {
    // The finish lies after the event's end already; only the name changes.
    renderDialog(teamListEntry('a', { name: 'Alpha', finishtime: EVENT.endtime + H }));
    fireEvent.change(screen.getByTestId('team-form-name'), { target: { value: 'Alpha 2' } });
    fireEvent.click(save());
    expect(warnings()).toBeNull();
    await waitFor(() => expect(patches).toEqual([{ name: 'Alpha 2' }]));
    // Not a change the Teams tab says with Undo: just saved.
    expect(changes).toEqual([]);
  });

  it('warns in Estonian of a start after the finish', async () => {
    await setLanguage('et');
    const finish = NOW - H;
    renderDialog(teamListEntry('a', { name: 'Alpha', starttime: NOW - 2 * H, finishtime: finish }));
    typeTime('team-form-start', finish + 10 * 60_000);
    fireEvent.click(save());
    expect(warnings()?.textContent).toContain(
      `Start ${formatTime(finish + 10 * 60_000)} on pärast võistkonna finišit (${formatTime(finish)}).`,
    );
    expect(save().textContent).toBe(i18n.t('teams.timewarn.saveanyway'));
  });
});
