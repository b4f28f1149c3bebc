import { describe, expect, it } from 'vitest';
import { tabFromSub, visibleTabs } from './eventTabs.ts';

describe('event tabs', () => {
  it('shows every tab to admins and only the public ones to others', () => {
    expect(visibleTabs(true)).toEqual([
      'overview',
      'kp',
      'teams',
      'map',
      'settings',
      'admins',
      'log',
      'export',
    ]);
    expect(visibleTabs(false)).toEqual(['overview']);
    expect(visibleTabs(false, true)).toEqual(['overview', 'kp']);
    expect(visibleTabs(false, false, true)).toEqual(['overview']);
    expect(visibleTabs(false, false, false)).toEqual(['overview', 'map']);
    expect(visibleTabs(false, true, false)).toEqual(['overview', 'kp', 'map']);
  });

  it('reads the tab or page from the second path segment', () => {
    expect(tabFromSub(undefined)).toBe('overview');
    expect(tabFromSub('kp')).toBe('kp');
    expect(tabFromSub('kpprint')).toBe('kpprint');
    expect(tabFromSub('results')).toBe('notfound');
    expect(tabFromSub('history')).toBe('notfound');
  });
});
