import { describe, expect, it } from 'vitest';
import { inProcessExclusive, inTurn } from './locks.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Jobs that log their start (`a+`) and end (`a-`) around a tick, and answer their name. */
function logged() {
  const log: string[] = [];
  const job = (name: string) => async () => {
    log.push(`${name}+`);
    await tick();
    log.push(`${name}-`);
    return name;
  };
  return { log, job };
}

describe('inTurn', () => {
  it('runs the callers of one key one after another, in the order they came', async () => {
    const exclusive = inTurn(inProcessExclusive);
    const { log, job } = logged();
    const results = await Promise.all([
      exclusive('k', job('a')),
      exclusive('k', job('b')),
      exclusive('k', job('c')),
    ]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a+', 'a-', 'b+', 'b-', 'c+', 'c-']);
  });

  it('lets other keys run meanwhile', async () => {
    const exclusive = inTurn(inProcessExclusive);
    const { log, job } = logged();
    await Promise.all([exclusive('k', job('a')), exclusive('other', job('b'))]);
    expect(log).toEqual(['a+', 'b+', 'a-', 'b-']);
  });

  it('goes on after a caller fails, and gives each caller its own outcome', async () => {
    const exclusive = inTurn(inProcessExclusive);
    const failing = exclusive('k', () => Promise.reject(new Error('boom')));
    const next = exclusive('k', () => Promise.resolve(2));
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe(2);
  });

  it('holds the lock across servers only while its own turn runs', async () => {
    let held = 0;
    let most = 0;
    const exclusive = inTurn(async (_key, fn) => {
      held++;
      most = Math.max(most, held);
      try {
        return await fn();
      } finally {
        held--;
      }
    });
    await Promise.all([1, 2, 3].map(() => exclusive('k', tick)));
    expect(most).toBe(1);
    expect(held).toBe(0);
  });
});
