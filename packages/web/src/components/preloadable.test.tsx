import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { preloadable } from './preloadable.tsx';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p data-testid="hello">Hello {name}</p>;
}

describe('preloadable', () => {
  it('loads its code once, and renders at once without a fallback when preloaded', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Page = preloadable(load);
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p data-testid="fallback" />}>
        <Page name="Mari" />
      </Suspense>,
    );
    // No await between render and here: a lazy component would show its fallback first.
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(screen.getByTestId('hello').textContent).toBe('Hello Mari');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends until its code is there when it was not preloaded', async () => {
    let resolve!: (component: typeof Hello) => void;
    const Page = preloadable(() => new Promise<typeof Hello>((r) => (resolve = r)));
    await act(async () => {
      render(
        <Suspense fallback={<p data-testid="fallback" />}>
          <Page name="Jaan" />
        </Suspense>,
      );
    });
    expect(screen.getByTestId('fallback')).toBeTruthy();
    await act(async () => resolve(Hello));
    expect((await screen.findByTestId('hello')).textContent).toBe('Hello Jaan');
  });
});
