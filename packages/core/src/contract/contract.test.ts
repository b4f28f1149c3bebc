import { describe, expect, it } from 'vitest';
import { contract, contractTags, fillPath, operationRoute, operations } from './index.ts';
import type { Operation } from './index.ts';

const names = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();

describe('the API contract', () => {
  const all = Object.keys(operations) as Operation[];

  it('declares every operation, under a resource', () => {
    expect(Object.keys(contract).sort()).toEqual([...all].sort());
    for (const operation of all) expect(contractTags[operation], operation).toBeTruthy();
  });

  it('gives each operation one method and path, and no two the same', () => {
    const lines = all.map((op) => operations[op]);
    expect(new Set(lines).size).toBe(lines.length);
    for (const op of all) {
      const { method, path } = operationRoute(op);
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']).toContain(method);
      expect(path, op).toMatch(/^\/[a-z0-9/:{}_.-]*$/i);
    }
  });

  it("declares exactly the path's parameters", () => {
    for (const op of all) {
      const declared = contract[op];
      const params = 'params' in declared ? Object.keys(declared.params.shape).sort() : [];
      expect(params, op).toEqual(names(operationRoute(op).path));
    }
  });

  it('answers null only with 204 or a redirect, and declares a body only where the method takes one', () => {
    for (const op of all) {
      const declared = contract[op];
      const { method } = operationRoute(op);
      if (declared.answer === null) {
        expect([204, 302], op).toContain('status' in declared ? declared.status : 204);
      }
      if ('body' in declared) expect(['POST', 'PUT', 'PATCH', 'DELETE'], op).toContain(method);
    }
  });
});

describe('fillPath', () => {
  it('fills each parameter in, encoded as a path segment', () => {
    expect(fillPath('/events/:id/speedareas/:areaId', { id: 'a b/c', areaId: 'x?#' })).toBe(
      '/events/a%20b%2Fc/speedareas/x%3F%23',
    );
  });

  it('leaves placeholders as written', () => {
    expect(
      fillPath('/maps/:mapId/tiles/:z/:y', { mapId: 'a b' }, { z: '{z}', y: '{y}.webp' }),
    ).toBe('/maps/a%20b/tiles/{z}/{y}.webp');
  });

  it('refuses to leave a parameter out', () => {
    expect(() => fillPath('/events/:id', {})).toThrow(/id missing/);
  });
});
