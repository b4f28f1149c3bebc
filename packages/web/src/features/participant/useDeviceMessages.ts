import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { deviceTopic } from '@rada/core';
import type { DeviceMessage } from '@rada/core';
import { api, ApiError } from '../../api/client.ts';
import { RealtimeContext } from '../../api/realtime.ts';
import { logEvent } from './appLog.ts';
import { commandUpload } from './deviceCommands.ts';
import type { CommandSources } from './deviceCommands.ts';

/**
 * How often the device asks for its messages while its topic is not live on the socket (no
 * socket, or one that is reconnecting). While it is live the server announces every new message
 * and nothing is polled: each poll is a request the phone pays for in bytes and battery.
 */
export const MESSAGE_POLL_MS = 5 * 60_000;

/**
 * The device channel: fetches the device's messages when its topic on the app's live socket says
 * some wait, each time the server confirms the topic (at first and after every reconnect, when
 * announcements may have been missed), and every MESSAGE_POLL_MS while the topic is not live;
 * shows messages (and a system notification when permitted), runs commands (uploading the log,
 * the own track or the local data) and acknowledges each.
 */
export function useDeviceMessages(
  deviceId: string,
  registered: boolean,
  sources: CommandSources,
): { shown: DeviceMessage[]; dismiss: (id: string) => void } {
  const realtime = useContext(RealtimeContext);
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
    /** An announcement came while a fetch ran: fetch again after it. */
    let again = false;
    /** The server has confirmed the device topic on the socket and the socket has not closed. */
    let live = false;
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
    const fetchMessages = async (): Promise<void> => {
      if (stopped) return;
      if (busy) {
        again = true;
        return;
      }
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
        // Offline or not yet registered: the next confirmation or poll tries again.
      } finally {
        busy = false;
      }
      if (again) {
        again = false;
        await fetchMessages();
      }
    };
    const topic = deviceTopic(deviceId);
    const stopListening = realtime?.listen({
      message: (m) => {
        if (m.type === 'subscribed' && m.topic === topic) {
          live = true;
          void fetchMessages();
        } else if (m.type === 'device.messages' && m.deviceId === deviceId) {
          void fetchMessages();
        }
      },
      closed: () => {
        live = false;
      },
    });
    const unsubscribe = realtime?.subscribe(topic);
    void fetchMessages();
    const timer = setInterval(() => {
      if (!live) void fetchMessages();
    }, MESSAGE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      stopListening?.();
    };
  }, [deviceId, registered, realtime]);

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
