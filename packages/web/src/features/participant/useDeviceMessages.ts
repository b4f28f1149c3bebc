import { useCallback, useEffect, useRef, useState } from 'react';
import { deviceTopic, parseServerMessage } from '@rada/core';
import type { DeviceMessage } from '@rada/core';
import { api, ApiError } from '../../api/client.ts';
import { RealtimeConnection, socketUrl } from '../../api/realtime.ts';
import { logEvent } from './appLog.ts';
import { commandUpload } from './deviceCommands.ts';
import type { CommandSources } from './deviceCommands.ts';

/**
 * A backstop only: new messages are announced on the device topic of the live socket (and fetched
 * after each reconnect). Every poll is a request the phone pays for in bytes and battery.
 */
const POLL_MS = 10 * 60_000;

/**
 * The device channel: fetches the device's messages when its live topic says some wait and
 * every 30 s; shows messages (and a system notification when permitted), runs commands
 * (uploading the log, the own track or the local data) and acknowledges each.
 */
export function useDeviceMessages(
  deviceId: string,
  registered: boolean,
  sources: CommandSources,
): { shown: DeviceMessage[]; dismiss: (id: string) => void } {
  const [shown, setShown] = useState<DeviceMessage[]>([]);
  const handled = useRef(new Set<string>());
  const sourcesRef = useRef(sources);
  useEffect(() => {
    sourcesRef.current = sources;
  }, [sources]);

  useEffect(() => {
    if (!registered) return;
    let stopped = false;
    let busy = false;
    const handle = async (m: DeviceMessage) => {
      if (m.kind === 'command' && m.cmnd) {
        const upload = await commandUpload(m.cmnd, sourcesRef.current);
        try {
          await api.uploadDeviceFile(deviceId, { ...upload, messageId: m.id });
          logEvent(`command ${m.cmnd} uploaded`);
        } catch (e) {
          // The server refuses it for good (team quota full, command answered elsewhere): the
          // command is acknowledged rather than uploaded again every poll.
          if (!(e instanceof ApiError && e.key.startsWith('upload.error.'))) throw e;
          logEvent(`command ${m.cmnd} refused: ${e.key}`);
        }
      } else {
        setShown((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
        notifySystem(m);
        logEvent(`message ${m.id} shown`);
      }
    };
    const fetchMessages = async () => {
      if (busy || stopped) return;
      busy = true;
      try {
        for (const m of await api.deviceMessages(deviceId)) {
          try {
            // Shown or uploaded once; a failed acknowledgement is only repeated.
            if (!handled.current.has(m.id)) {
              await handle(m);
              handled.current.add(m.id);
            }
            await api.ackDeviceMessage(deviceId, m.id);
          } catch (e) {
            logEvent(`message ${m.id} failed: ${e instanceof Error ? e.message : String(e)}`);
          }
        }
      } catch {
        // Offline or not yet registered: the next poll tries again.
      } finally {
        busy = false;
      }
    };
    // The app's shared socket only reports event changes, so the device listens on its own.
    const channel = new RealtimeConnection({
      url: () => socketUrl(window.location),
      onEventChanged: () => undefined,
      onResubscribed: () => void fetchMessages(),
      createSocket: (url) => {
        const socket = new WebSocket(url);
        socket.addEventListener('message', (e: MessageEvent) => {
          const m = typeof e.data === 'string' ? parseServerMessage(e.data) : null;
          if (m?.type === 'device.messages') {
            void fetchMessages();
          }
        });
        return socket;
      },
    });
    const unsubscribe = channel.subscribe(deviceTopic(deviceId));
    void fetchMessages();
    const timer = setInterval(() => void fetchMessages(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      channel.close();
    };
  }, [deviceId, registered]);

  const dismiss = useCallback((id: string) => setShown((l) => l.filter((m) => m.id !== id)), []);
  return { shown, dismiss };
}

/** Shows a system notification too when the user has allowed them. */
function notifySystem(m: DeviceMessage): void {
  try {
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      new Notification(m.title ?? '', { body: m.body ?? '', tag: m.id });
    }
  } catch {
    // Some browsers allow notifications only from a service worker; the in-app one shows anyway.
  }
}
