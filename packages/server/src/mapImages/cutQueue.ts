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
 * Cuts run one at a time in this process (each takes the machine's cores for seconds), in the
 * order asked; a newer version of a map replaces its waiting one and aborts its running one.
 * `run` does the work of one (mapImage.service.ts); its progress is kept here, per map, for the
 * views.
 */
export function cutQueue(
  run: (cut: QueuedCut, onProgress: (p: number) => void, signal: AbortSignal) => Promise<void>,
  log: (message: string, error: unknown) => void,
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
        await run(next, (p) => progress.set(next.mapId, Math.max(0, Math.min(1, p))), abort.signal);
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
