import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a process's CPU time went, from the `.cpuprofile` files V8 writes with `--cpu-prof`
 * (Chrome DevTools' format): self time summed by function and by source file, biggest first.
 * For the cluster bench (CLUSTER_PROFILE=dir), whose servers run with `--cpu-prof`.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  /** µs on the monotonic clock (CLOCK_MONOTONIC on Linux, as `process.hrtime`). */
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** A stretch of time on the monotonic clock, µs (see `monotonicUs`). */
export interface Window {
  from: number;
  to: number;
}

/** Now on the clock the profiles' sample times use: µs of `process.hrtime`. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time (ms) by key, over every profile in `files`, of the samples within `windows` (all
 * when none). The idle samples are left out: they are not CPU. A sample's time is the wall time
 * to the next one, so a process the OS held back has its wait counted where it stood.
 */
function selfTimes(
  files: string[],
  keyOf: (node: ProfileNode, parents: Map<number, ProfileNode>) => string,
  windows: Window[] = [],
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parents = new Map<number, ProfileNode>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
    const keys = new Map<number, string>();
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      const node = byId.get(id);
      if (!node || node.callFrame.functionName === '(idle)') return;
      if (windows.length > 0 && !windows.some((w) => at >= w.from && at <= w.to)) return;
      let key = keys.get(id);
      if (key === undefined) keys.set(id, (key = keyOf(node, parents)));
      // A sample's time is the delta to the next one (the first sample's own delta is ~0).
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      totals.set(key, (totals.get(key) ?? 0) + ms);
    });
  }
  return totals;
}

/**
 * The parts of a server the summary adds up (first match from the sample's frame outwards,
 * so a query run by the ingest counts as the database client's, and a frame written by the
 * fan-out as the fan-out's).
 */
const PARTS: [string, RegExp][] = [
  ['garbage collection', /^\(garbage collector\)$/],
  ['database client (pg, kysely)', /node_modules\/(pg|pg-protocol|pg-pool|kysely)\//],
  ['bus (redisBus, ioredis)', /realtime\/redisBus|node_modules\/(ioredis|redis-parser)\//],
  ['speed tickets', /server\/src\/speed\//],
  ['fan-out to viewers (/listen, ws)', /server\/src\/live\/|node_modules\/ws\//],
  ['ingest (tracks)', /server\/src\/(tracks|tracking)\//],
  ['HTTP (fastify)', /node_modules\/(fastify|@fastify|find-my-way|light-my-request|avvio)\//],
  ['module loading', /node:internal\/modules|^(compileSourceTextModule|wrapSafe)$/],
];

function partOf(node: ProfileNode, parents: Map<number, ProfileNode>): string {
  for (let n: ProfileNode | undefined = node; n; n = parents.get(n.id)) {
    const { url, functionName } = n.callFrame;
    for (const [part, pattern] of PARTS)
      if (pattern.test(url) || pattern.test(functionName)) return part;
  }
  return 'other';
}

/** A source file's short name: the package path for Rada's and node_modules' files, else as it is. */
function shortFile(url: string): string {
  if (url === '') return '(native or V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const own = url.indexOf('/packages/');
  if (own >= 0) return url.slice(own + 1);
  return url.replace(/^file:\/\//, '');
}

/** The biggest `top` entries of `totals` as lines: ms, share of all, and the key. */
function lines(totals: Map<string, number>, top: number): string[] {
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([key, ms]) =>
        `    ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / all).toFixed(1).padStart(5)} %  ${key}`,
    );
}

/**
 * A printable summary of the profiles in `dir` (those whose name starts with `prefix`), of the
 * samples within `windows` (all when none): self time by part of the server, function and file.
 */
export function summariseProfiles(
  dir: string,
  windows: Window[] = [],
  prefix = '',
  top = 15,
): string {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.startsWith(prefix))
    .map((f) => path.join(dir, f));
  if (files.length === 0) return `  no profiles in ${dir}`;
  const byPart = selfTimes(files, partOf, windows);
  const byFunction = selfTimes(
    files,
    (n) => {
      const name = n.callFrame.functionName || '(anonymous)';
      return `${name} ${shortFile(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    },
    windows,
  );
  const byFile = selfTimes(files, (n) => shortFile(n.callFrame.url), windows);
  return [
    `  ${files.length} profile(s)${windows.length > 0 ? ', while the devices sent' : ''}; by part:`,
    ...lines(byPart, PARTS.length + 1),
    `  self time by function:`,
    ...lines(byFunction, top),
    `  by file:`,
    ...lines(byFile, top),
  ].join('\n');
}
