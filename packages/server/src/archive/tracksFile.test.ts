import { describe, expect, it } from 'vitest';
import { decodeTracksFile, encodeTracksFile } from './tracksFile.ts';

const chunk = (id: string, device: string | null, bytes: number[]) => ({
  id,
  event_id: 'ev',
  team_id: 'alpha',
  device_id: device,
  t_from: 1000,
  t_to: 2000,
  points: bytes.length,
  data: Buffer.from(bytes).toString('base64'),
});

describe('tracks.dat', () => {
  it('gives back the same chunks, byte for byte, for another event id', () => {
    const chunks = [
      chunk('c1', 'dev-1', [1, 2, 3, 250]),
      chunk('c2', null, []),
      chunk('c3', 'd', [0]),
    ];
    const file = encodeTracksFile(chunks);
    expect(decodeTracksFile(file, 'ev')).toEqual(chunks);
    expect(decodeTracksFile(file, 'other').map((c) => c.event_id)).toEqual([
      'other',
      'other',
      'other',
    ]);
    expect(decodeTracksFile(encodeTracksFile([]), 'ev')).toEqual([]);
  });

  it('refuses a file that is not one or is cut short', () => {
    expect(() => decodeTracksFile(new TextEncoder().encode('{"not":"tracks"}'), 'ev')).toThrow(
      'not a Rada tracks file',
    );
    const file = encodeTracksFile([chunk('c1', 'dev-1', [1, 2, 3])]);
    expect(() => decodeTracksFile(file.subarray(0, file.length - 1), 'ev')).toThrow('cut short');
  });
});
