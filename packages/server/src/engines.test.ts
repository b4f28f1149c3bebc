import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Every package the lockfile installs runs on every Node the README supports: an `npm install` on
 * any of them warns of no engine. The first release of each supported line is checked (Node 22
 * from 22.13, where ESLint and jsdom begin).
 */
const SUPPORTED_NODES = ['20.19.0', '22.13.0', '24.0.0', '26.0.0'];

/**
 * The processors Rada runs on (64-bit). An optional package built for others only (sharp's
 * 32-bit Windows binary, whose engines end at Node 20 because later Node has no such build) is
 * never installed here and is not checked.
 */
const SUPPORTED_CPUS = ['x64', 'arm64'];

interface LockedPackage {
  engines?: { node?: string } | string[];
  optional?: boolean;
  cpu?: string[];
}

function lockedPackages(): Record<string, LockedPackage> {
  const lock = JSON.parse(
    readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8'),
  ) as {
    packages: Record<string, LockedPackage>;
  };
  return lock.packages;
}

describe('the installed packages’ engines', () => {
  it('include every supported Node', () => {
    const refused: string[] = [];
    for (const [path, pkg] of Object.entries(lockedPackages())) {
      const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      if (!range || !path) continue;
      if (pkg.optional && pkg.cpu && !pkg.cpu.some((c) => SUPPORTED_CPUS.includes(c))) continue;
      for (const node of SUPPORTED_NODES) {
        if (!semver.satisfies(node, range))
          refused.push(`${path} wants node ${range}, not ${node}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('agree with the root package’s own engines', () => {
    const root = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as {
      engines: { node: string };
    };
    for (const node of SUPPORTED_NODES)
      expect(semver.satisfies(node, root.engines.node)).toBe(true);
    expect(semver.satisfies('20.18.0', root.engines.node)).toBe(false);
  });
});
