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
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) by key, over every profile in `files`. */
function selfTimes(files: string[], keyOf: (node: ProfileNode) => string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      if (!node) return;
      const key = keyOf(node);
      // A sample's time is the delta to the next one (the first sample's own delta is ~0).
      const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      totals.set(key, (totals.get(key) ?? 0) + ms);
    });
  }
  return totals;
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

/** A printable summary of the profiles in `dir` (those whose name starts with `prefix`). */
export function summariseProfiles(dir: string, prefix = '', top = 15): string {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.startsWith(prefix))
    .map((f) => path.join(dir, f));
  if (files.length === 0) return `  no profiles in ${dir}`;
  const byFunction = selfTimes(files, (n) => {
    const name = n.callFrame.functionName || '(anonymous)';
    return `${name} ${shortFile(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
  });
  const byFile = selfTimes(files, (n) => shortFile(n.callFrame.url));
  return [
    `  ${files.length} profile(s); self time by function:`,
    ...lines(byFunction, top),
    `  by file:`,
    ...lines(byFile, top),
  ].join('\n');
}
