import { describe, expect, it } from 'vitest';
import { toPlayKp } from '../participant.ts';
import { publicKpData } from './publicView.ts';
import type { KpData } from './types.ts';

const secretive = {
  desc: 'Oak',
  longdesc: 'Long',
  a: 'the answer text',
  loc: { lat: 58.3, lng: 26.7, note: 'behind the shed' },
  anycross: true,
  responses: { r1: 'Seven', r2: { text: 'Nine', correct: true } },
  scores: { r1: 5 },
  correct: 'r2',
} as unknown as KpData;

describe('publicKpData', () => {
  it('keeps only the public keys, each in its documented shape', () => {
    expect(publicKpData(secretive)).toEqual({
      desc: 'Oak',
      longdesc: 'Long',
      loc: { lat: 58.3, lng: 26.7 },
      anycross: true,
      responses: { r1: 'Seven' },
    });
    expect(publicKpData({})).toEqual({});
  });

  it('is what the participant app builds its KP from', () => {
    const play = toPlayKp('k1', '1', { nr: 1 }, secretive, {
      maxmarkingdistance: null,
      nokpopenwhennotclose: false,
    });
    expect(JSON.stringify(play)).not.toMatch(/answer text|correct|behind the shed/);
    expect(play).toMatchObject({ desc: 'Oak', responses: { r1: 'Seven' } });
  });
});
