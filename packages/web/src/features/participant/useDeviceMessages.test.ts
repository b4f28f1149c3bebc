import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { DeviceMessage } from '@rada/core';
import { api, ApiError } from '../../api/client.ts';
import { useDeviceMessages } from './useDeviceMessages.ts';

vi.mock('../../api/realtime.ts', () => ({
  RealtimeConnection: class {
    subscribe() {
      return () => undefined;
    }
    close() {}
  },
  socketUrl: () => 'ws://localhost/api/ws',
}));

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

describe('useDeviceMessages', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
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
