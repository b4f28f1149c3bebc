import type { CutJob, CutResult } from './cut/cutter.ts';

/** Cuts off the event loop; onProgress 0–1; rejects when it fails or is aborted. */
export type CutTiles = (
  job: CutJob,
  onProgress: (p: number) => void,
  signal?: AbortSignal,
) => Promise<CutResult>;

/** A map image at one version, to be cut. */
export interface QueuedCut {
  mapId: string;
  version: number;
}

/**
 * How long one cut may take before it is given up (its signal aborts with a TimeoutError): a
 * 100-megapixel image is cut in well under a minute here, so this is a cutter that hangs.
 */
export const CUT_TIMEOUT_MS = 15 * 60_000;

/** Whether a cut's signal aborted because the cut took too long (not for a newer version). */
export const timedOut = (signal: AbortSignal): boolean =>
  signal.aborted && (signal.reason as { name?: unknown } | undefined)?.name === 'TimeoutError';

/**
 * Cuts run one at a time in this process (each takes the machine's cores for seconds), in the
 * order asked; a newer version of a map replaces its waiting one and aborts its running one, and
 * a cut running longer than `timeoutMs` is aborted as timed out. `run` does the work of one
 * (mapImage.service.ts); its progress is kept here, per map, for the views.
 */
export function cutQueue(
  run: (cut: QueuedCut, onProgress: (p: number) => void, signal: AbortSignal) => Promise<void>,
  log: (message: string, error: unknown) => void,
  timeoutMs = CUT_TIMEOUT_MS,
) {
  const waiting: QueuedCut[] = [];
  const progress = new Map<string, number>();
  let running: (QueuedCut & { abort: AbortController }) | null = null;
  let closed = false;
  let draining = false;
  let idle: Promise<void> = Promise.resolve();
  let settle: () => void = () => undefined;

  async function drain(): Promise<void> {
    draining = true;
    while (!closed && waiting.length > 0) {
      const next = waiting.shift()!;
      const abort = new AbortController();
      running = { ...next, abort };
      progress.set(next.mapId, 0);
      try {
        const signal = AbortSignal.any([abort.signal, AbortSignal.timeout(timeoutMs)]);
        await run(next, (p) => progress.set(next.mapId, Math.max(0, Math.min(1, p))), signal);
      } catch (e) {
        log(`map image ${next.mapId} v${next.version}: cut not finished`, e);
      } finally {
        running = null;
        if (!waiting.some((w) => w.mapId === next.mapId)) progress.delete(next.mapId);
      }
    }
    draining = false;
    settle();
  }

  return {
    /** Asks for a cut of `mapId` at `version` (the latest asked for wins). */
    add(cut: QueuedCut): void {
      if (closed) return;
      const i = waiting.findIndex((w) => w.mapId === cut.mapId);
      if (i >= 0) waiting.splice(i, 1);
      if (running?.mapId === cut.mapId && running.version !== cut.version) running.abort.abort();
      if (running?.mapId === cut.mapId && running.version === cut.version) return;
      waiting.push(cut);
      progress.set(cut.mapId, progress.get(cut.mapId) ?? 0);
      if (!draining) {
        idle = new Promise((resolve) => (settle = resolve));
        void drain();
      }
    },

    /** Stops waiting for a map's cut (it is gone), and aborts it when it runs. */
    drop(mapId: string): void {
      const i = waiting.findIndex((w) => w.mapId === mapId);
      if (i >= 0) waiting.splice(i, 1);
      if (running?.mapId === mapId) running.abort.abort();
      progress.delete(mapId);
    },

    /** 0–1 while the map's cut waits or runs here, else undefined. */
    progressOf: (mapId: string): number | undefined => progress.get(mapId),

    /** Resolves when no cut waits or runs. */
    idle: (): Promise<void> => idle,

    /** Aborts the running cut and forgets the waiting ones (server shutdown). */
    async close(): Promise<void> {
      closed = true;
      waiting.length = 0;
      running?.abort.abort();
      await idle;
    },
  };
}
export type CutQueue = ReturnType<typeof cutQueue>;
