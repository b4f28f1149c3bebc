import { createElement } from 'react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { DeviceMessage } from '@rada/core';
import { api, ApiError } from '../../api/client.ts';
import { RealtimeConnection, RealtimeContext } from '../../api/realtime.ts';
import { MESSAGE_POLL_MS, useDeviceMessages } from './useDeviceMessages.ts';

vi.mock('../../api/client.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../api/client.ts')>();
  return {
    ...actual,
    api: { deviceMessages: vi.fn(), uploadDeviceFile: vi.fn(), ackDeviceMessage: vi.fn() },
  };
});

const command: DeviceMessage = {
  id: 'm1',
  eventId: 'ev',
  teamId: 'alpha',
  kind: 'command',
  title: null,
  body: null,
  cmnd: 'sendLog',
  createdAt: 1,
};
const sources = {
  log: () => 'log lines',
  track: () => Promise.resolve([]),
  database: () => Promise.resolve({}),
  name: 'Alpha',
};

/** A stand-in WebSocket the test opens, feeds and closes by hand. */
class FakeSocket {
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('useDeviceMessages', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.useRealTimers();
  });

  it('asks for messages when told on the app socket, and polls only while its topic is not live', async () => {
    vi.useFakeTimers();
    vi.mocked(api.deviceMessages).mockResolvedValue([]);
    const realtime = new RealtimeConnection({
      url: () => 'ws://test/api/ws',
      onEventChanged: () => undefined,
      onResubscribed: () => undefined,
      createSocket: () => new FakeSocket() as unknown as WebSocket,
    });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(RealtimeContext.Provider, { value: realtime }, children);
    renderHook(() => useDeviceMessages('dev-1', true, sources), { wrapper });
    const calls = () => vi.mocked(api.deviceMessages).mock.calls.length;
    const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
    await flush();
    expect(calls()).toBe(1);
    const socket = FakeSocket.last!;
    socket.open();
    expect(socket.sent).toEqual([{ v: 1, type: 'subscribe', topic: 'device:dev-1' }]);
    // Confirmed: announcements may have been missed until now.
    socket.receive({ v: 1, type: 'subscribed', topic: 'device:dev-1' });
    await flush();
    expect(calls()).toBe(2);
    // Live: no polling at all.
    await act(() => vi.advanceTimersByTimeAsync(3 * MESSAGE_POLL_MS));
    expect(calls()).toBe(2);
    socket.receive({ v: 1, type: 'device.messages', deviceId: 'other' });
    socket.receive({ v: 1, type: 'device.messages', deviceId: 'dev-1' });
    await flush();
    expect(calls()).toBe(3);
    // The socket is gone and stays gone: polling again.
    socket.close();
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_POLL_MS));
    expect(calls()).toBe(4);
    realtime.close();
  });

  it('acknowledges a command whose upload the server refuses for good', async () => {
    vi.mocked(api.deviceMessages).mockResolvedValue([command]);
    vi.mocked(api.uploadDeviceFile).mockRejectedValue(
      new ApiError(413, 'upload.error.quota', 'quota'),
    );
    vi.mocked(api.ackDeviceMessage).mockResolvedValue(undefined);
    renderHook(() => useDeviceMessages('dev-1', true, sources));
    await waitFor(() => expect(api.ackDeviceMessage).toHaveBeenCalledWith('dev-1', 'm1'));
    expect(api.uploadDeviceFile).toHaveBeenCalledWith('dev-1', {
      kind: 'log',
      content: 'log lines',
      messageId: 'm1',
    });
  });

  it('leaves a command whose upload failed otherwise for the next poll', async () => {
    vi.mocked(api.deviceMessages).mockResolvedValue([command]);
    vi.mocked(api.uploadDeviceFile).mockRejectedValue(new ApiError(0, 'error.network', 'offline'));
    renderHook(() => useDeviceMessages('dev-1', true, sources));
    await waitFor(() => expect(api.uploadDeviceFile).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(api.ackDeviceMessage).not.toHaveBeenCalled();
  });
});
