import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { ownedEventsOf } from './OwnedEventsAlert.tsx';

describe('ownedEventsOf', () => {
  it('reads the owned events out of the refusal, and nothing out of other errors', () => {
    const refusal = new ApiError(409, 'account.error.ownsevents', 'owns', [
      { path: 'spring', message: 'Spring rogaine' },
      { path: 'autumn', message: 'Autumn rogaine' },
    ]);
    expect(ownedEventsOf(refusal)).toEqual([
      { id: 'spring', name: 'Spring rogaine' },
      { id: 'autumn', name: 'Autumn rogaine' },
    ]);
    expect(ownedEventsOf(new ApiError(400, 'auth.error.confirm', 'confirm'))).toBeNull();
    expect(ownedEventsOf(new Error('offline'))).toBeNull();
    expect(ownedEventsOf(null)).toBeNull();
  });
});
