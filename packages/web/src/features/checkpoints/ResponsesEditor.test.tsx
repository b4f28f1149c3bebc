import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Checkpoint } from '@rada/core';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { ResponsesEditor } from './ResponsesEditor.tsx';

const cp: Checkpoint = {
  id: 'k3',
  kp: { nr: 3 },
  data: { responses: { A: 'punane', B: 'sinine' } },
  answer: 'B',
};

const radio = (id: string) =>
  screen.getByTestId(`responses-correct-${id}`).querySelector('input') as HTMLInputElement;

function renderEditor() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <ResponsesEditor eventId="ev" checkpoint={cp} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('ResponsesEditor', () => {
  const bodies: unknown[] = [];
  beforeEach(async () => {
    await setLanguage('en');
    bodies.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        return new Response(JSON.stringify({ ...cp, answer: body.answer }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps the correct response on when its own radio is clicked', () => {
    renderEditor();
    expect(radio('B').checked).toBe(true);
    fireEvent.click(radio('B'));
    expect(radio('B').checked).toBe(true);
    expect((screen.getByTestId('responses-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves the correct mark to another row and saves responses with the answer', async () => {
    const onClose = renderEditor();
    fireEvent.click(radio('A'));
    expect(radio('A').checked).toBe(true);
    expect(radio('B').checked).toBe(false);
    fireEvent.click(screen.getByTestId('responses-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      { data: { responses: { A: 'punane', B: 'sinine' }, scores: null }, answer: 'A' },
    ]);
  });

  it('clears the answer when the correct response is removed', async () => {
    renderEditor();
    fireEvent.click(screen.getByTestId('responses-remove-B'));
    expect(screen.queryByTestId('responses-correct-B')).toBeNull();
    expect(radio('A').checked).toBe(false);
    fireEvent.click(screen.getByTestId('responses-add'));
    expect(screen.getByTestId('responses-correct-B')).toBeTruthy();
    fireEvent.click(screen.getByTestId('responses-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      data: { responses: { A: 'punane', B: '' }, scores: null },
      answer: null,
    });
  });
});
