import { describe, expect, it } from 'vitest';
import { clusterByGrid } from './cluster.ts';

describe('clusterByGrid', () => {
  it('groups markers of one cell when there are enough of them', () => {
    const pts = [
      { id: 'a', px: 1, py: 1 },
      { id: 'b', px: 10, py: 20 },
      { id: 'c', px: 30, py: 5 },
      { id: 'd', px: 200, py: 200 },
    ];
    const { clusters, singles } = clusterByGrid(pts, 48, 3);
    expect(clusters).toEqual([{ key: '0,0', ids: ['a', 'b', 'c'], px: 41 / 3, py: 26 / 3 }]);
    expect(singles.map((s) => s.id)).toEqual(['d']);
  });

  it('leaves small groups single', () => {
    const pts = [
      { id: 'a', px: 1, py: 1 },
      { id: 'b', px: 2, py: 2 },
    ];
    expect(clusterByGrid(pts, 48, 3)).toEqual({ clusters: [], singles: pts });
  });

  it('clusters hundreds of close markers into a few bubbles', () => {
    const pts = Array.from({ length: 300 }, (_, i) => ({
      id: `t${i}`,
      px: 500 + (i % 20),
      py: 300 + Math.floor(i / 20),
    }));
    const { clusters, singles } = clusterByGrid(pts);
    expect(singles).toEqual([]);
    expect(clusters.reduce((n, c) => n + c.ids.length, 0)).toBe(300);
    expect(clusters.length).toBeLessThanOrEqual(4);
  });

  it('joins clusters split by a cell border', () => {
    const left = Array.from({ length: 4 }, (_, i) => ({ id: `l${i}`, px: 44, py: 10 + i }));
    const right = Array.from({ length: 4 }, (_, i) => ({ id: `r${i}`, px: 52, py: 10 + i }));
    const { clusters } = clusterByGrid([...left, ...right], 48, 4);
    expect(clusters).toHaveLength(1);
    expect(clusters[0]!.ids).toHaveLength(8);
    expect(clusters[0]!.px).toBe(48);
  });

  it('handles negative screen positions (markers left of or above the view)', () => {
    const pts = [
      { id: 'a', px: -1, py: 0 },
      { id: 'b', px: 1, py: 0 },
    ];
    expect(clusterByGrid(pts, 48, 2).clusters).toEqual([]);
  });
});
