import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useFocusBack } from './useFocusBack.ts';

/** A button that is disabled while its work runs, as the sign-in dialog's are. */
function Busy({ keep }: { keep: boolean }) {
  const [busy, setBusy] = useState(false);
  useFocusBack(keep && busy);
  return (
    <>
      <button type="button" disabled={busy} onClick={() => setBusy(true)}>
        work
      </button>
      <button type="button" onClick={() => setBusy(false)}>
        done
      </button>
    </>
  );
}

/**
 * Drops the focus to the body, as Chromium does when the focused button turns disabled. jsdom
 * keeps it on the disabled button and will not blur it, but it does drop the focus of an element
 * taken off the page.
 */
function dropFocus() {
  const stand = document.createElement('input');
  document.body.append(stand);
  stand.focus();
  stand.remove();
}

/** Starts the work from the focused button; the browser moves the focus off a disabled one. */
function startAndFinish() {
  const work = screen.getByText('work');
  work.focus();
  act(() => work.click());
  dropFocus();
  expect(document.activeElement).toBe(document.body);
  act(() => screen.getByText('done').click());
  return work;
}

describe('useFocusBack', () => {
  afterEach(cleanup);

  it('gives the focus back to the button once its work is over', () => {
    render(<Busy keep />);
    const work = startAndFinish();
    expect(document.activeElement).toBe(work);
  });

  it('leaves the focus alone without it', () => {
    render(<Busy keep={false} />);
    startAndFinish();
    expect(document.activeElement).toBe(document.body);
  });

  it('does not take the focus from where the person has moved it', () => {
    render(
      <>
        <Busy keep />
        <input aria-label="elsewhere" />
      </>,
    );
    const work = screen.getByText('work');
    work.focus();
    act(() => work.click());
    const elsewhere = screen.getByLabelText('elsewhere');
    elsewhere.focus();
    act(() => screen.getByText('done').click());
    expect(document.activeElement).toBe(elsewhere);
  });
});
