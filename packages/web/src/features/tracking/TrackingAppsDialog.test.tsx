import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { trackingSetup } from '@rada/core';
import type { CreateTrackingLinkBody, TrackingLinkView } from '@rada/core';
import '../../i18n/index.ts';
import { loadAllTexts, setLanguage } from '../../i18n/index.ts';
import { TrackingAppsDialog } from './TrackingAppsDialog.tsx';
import { trackingDeviceName } from './trackingText.ts';

/** The server as the dialog meets it: the team's links, the event's feed, and every request. */
let links: TrackingLinkView[] = [];
let feedPath: string | null = null;
const requests: string[] = [];
const NOW = Date.now();

function link(over: Partial<TrackingLinkView>): TrackingLinkView {
  return {
    id: `l${links.length + 1}`,
    eventId: 'ev',
    teamId: 'alpha',
    app: 'traccar',
    deviceId: `dev${links.length + 1}`,
    path: `/api/t/secret${links.length + 1}`,
    trackerId: null,
    createdAt: NOW - 60_000,
    lastSeen: null,
    lastT: null,
    ...over,
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      requests.push(`${method} ${url}`);
      if (url === '/api/events/ev/teams/alpha/tracking-links' && method === 'GET')
        return json(links);
      if (url === '/api/events/ev/teams/alpha/tracking-links' && method === 'POST') {
        const body = JSON.parse(String(init?.body)) as CreateTrackingLinkBody;
        const made =
          body.app === 'tracker'
            ? link({ app: 'tracker', path: null, trackerId: body.trackerId })
            : link({ app: body.app, createdAt: Date.now() });
        links = [...links, made];
        return json(made, 201);
      }
      const del = /^\/api\/events\/ev\/tracking-links\/(\w+)$/.exec(url);
      if (del && method === 'DELETE') {
        links = links.filter((l) => l.id !== del[1]);
        return new Response(null, { status: 204 });
      }
      if (url === '/api/events/ev/tracking') return json({ feedPath, links });
      if (url === '/api/events/ev/tracker-feed' && method === 'PUT') {
        feedPath = '/api/traccar/feedsecret';
        return json({ feedPath, links });
      }
      return json({ error: 'common.notfound', message: 'no' }, 404);
    }),
  );
}

function renderDialog(admin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TrackingAppsDialog
        eventId="ev"
        teamId="alpha"
        team={{ name: 'Alpha', nr: '12' }}
        admin={admin}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('TrackingAppsDialog', () => {
  beforeEach(async () => {
    await setLanguage('en');
    await loadAllTexts();
    links = [];
    feedPath = null;
    requests.length = 0;
    stubServer();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has Traccar Client first and recommended, GPSLogger for Android only, no tracker tab for a team', async () => {
    renderDialog(false);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('data-testid'))).toEqual([
      'tracking-tab-traccar',
      'tracking-tab-osmand',
      'tracking-tab-owntracks',
      'tracking-tab-gpslogger',
    ]);
    expect(tabs[0]!.textContent).toContain('Recommended');
    expect(tabs[3]!.textContent).toContain('Android only');
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('makes a Traccar Client link, then shows the open link, the QR, the address and its status', async () => {
    renderDialog(false);
    const steps = await screen.findByTestId('tracking-steps-traccar');
    expect(within(steps).getAllByRole('listitem')).toHaveLength(6);
    expect(steps.textContent).toContain('Continuous tracking');
    const stores = within(steps).getAllByTestId('tracking-store');
    expect(stores.map((a) => a.getAttribute('href'))).toEqual([
      'https://play.google.com/store/apps/details?id=org.traccar.client',
      'https://apps.apple.com/app/id843156974',
    ]);
    fireEvent.click(await screen.findByTestId('tracking-make'));
    const open = await screen.findByTestId('tracking-open');
    const url = `${window.location.origin}/api/t/secret1`;
    const expected = trackingSetup(
      'traccar',
      url,
      trackingDeviceName({ name: 'Alpha', nr: '12' }, 'traccar'),
    );
    expect(open.getAttribute('href')).toBe(expected.open);
    expect(expected.open).toMatch(/^org\.traccar\.client:\/\/\?url=/);
    expect((screen.getByTestId('tracking-url') as HTMLInputElement).value).toBe(url);
    expect(screen.getByTestId('tracking-status-l1').textContent).toBe('No point yet');
    expect(requests).toContain('POST /api/events/ev/teams/alpha/tracking-links');
    // The QR is drawn from the setup link (a canvas-less jsdom may fail to draw; then it says so).
    await waitFor(() =>
      expect(
        screen.queryByTestId('tracking-qr') ?? screen.queryByText(/QR code could not/),
      ).not.toBeNull(),
    );
    if (screen.queryByTestId('tracking-qr')) {
      expect(screen.getByTestId('tracking-qr').getAttribute('data-text')).toBe(expected.qr);
    }
  });

  it('says the last point’s age, and stops a link only after the confirm', async () => {
    links = [link({ app: 'osmand', lastSeen: NOW - 125_000, lastT: NOW - 125_000 })];
    renderDialog(false);
    fireEvent.click(await screen.findByTestId('tracking-tab-osmand'));
    const status = await screen.findByTestId('tracking-status-l1');
    expect(status.textContent).toBe('Last point 2 min ago');
    expect(status.getAttribute('data-state')).toBe('point');
    // OsmAnd takes no setup link: no Open button, the address is its URL template.
    expect(screen.queryByTestId('tracking-open')).toBeNull();
    expect(screen.getByTestId('tracking-tab-osmand').getAttribute('data-links')).toBe('1');
    fireEvent.click(screen.getByTestId('tracking-stop'));
    await screen.findByTestId('tracking-stop-dialog');
    expect(requests.some((r) => r.startsWith('DELETE'))).toBe(false);
    fireEvent.click(screen.getByTestId('tracking-stop-confirm'));
    await waitFor(() => expect(requests).toContain('DELETE /api/events/ev/tracking-links/l1'));
    expect(await screen.findByTestId('tracking-make')).toBeTruthy();
  });

  it('gives admins the GPS tracker tab: forwarding on, trackers added by a valid id', async () => {
    renderDialog(true);
    fireEvent.click(await screen.findByTestId('tracking-tab-tracker'));
    const enable = (await screen.findByTestId('tracking-feed-enable')) as HTMLButtonElement;
    // Forwarding can be turned on once the event's state is read.
    await waitFor(() => expect(enable.disabled).toBe(false));
    expect(screen.getByTestId('tracking-feed-off')).toBeTruthy();
    fireEvent.click(enable);
    const feed = (await screen.findByTestId('tracking-feed-url')) as HTMLInputElement;
    expect(feed.value).toBe(`${window.location.origin}/api/traccar/feedsecret`);
    expect(screen.getByTestId('tracking-trackers-none')).toBeTruthy();
    const id = screen.getByTestId('tracking-tracker-id');
    fireEvent.change(id, { target: { value: 'has space' } });
    expect((screen.getByTestId('tracking-tracker-add') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(id, { target: { value: '356938035643809' } });
    fireEvent.click(screen.getByTestId('tracking-tracker-add'));
    await screen.findByTestId('tracking-tracker-356938035643809');
    expect((id as HTMLInputElement).value).toBe('');
  });

  it('speaks Estonian', async () => {
    await setLanguage('et');
    await loadAllTexts();
    links = [link({ lastT: null, lastSeen: null })];
    renderDialog(false);
    expect((await screen.findByTestId('tracking-open')).textContent).toBe(
      'Ava rakenduses Traccar Client',
    );
    expect(screen.getByTestId('tracking-status-l1').textContent).toBe('Ühtegi punkti pole veel');
    expect(screen.getByTestId('tracking-tab-traccar').textContent).toContain('Soovitatud');
  });
});
