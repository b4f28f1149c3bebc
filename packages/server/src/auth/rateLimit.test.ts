import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rateLimit.ts';

describe('RateLimiter', () => {
  const setup = () => {
    const clock = { t: 1_000_000 };
    return { clock, limiter: new RateLimiter(3, 60_000, () => clock.t) };
  };

  it('allows max hits per key within the window, then refuses', () => {
    const { limiter } = setup();
    expect([1, 2, 3, 4, 5].map(() => limiter.hit('a'))).toEqual([true, true, true, false, false]);
    expect(limiter.hit('b')).toBe(true);
  });

  it('starts a new window once the old one is over', () => {
    const { clock, limiter } = setup();
    for (let i = 0; i < 4; i++) limiter.hit('a');
    clock.t += 59_999;
    expect(limiter.hit('a')).toBe(false);
    clock.t += 1;
    expect(limiter.hit('a')).toBe(true);
  });

  it('reset forgets a key; forgive takes back exactly one hit', () => {
    const { limiter } = setup();
    for (let i = 0; i < 3; i++) limiter.hit('a');
    limiter.reset('a');
    expect([1, 2, 3, 4].map(() => limiter.hit('a'))).toEqual([true, true, true, false]);

    for (let i = 0; i < 3; i++) limiter.hit('b');
    limiter.forgive('b');
    expect(limiter.hit('b')).toBe(true);
    expect(limiter.hit('b')).toBe(false);
    limiter.forgive('unknown'); // no entry: nothing to take back, no throw
    expect(limiter.hit('unknown')).toBe(true);
  });
});
