/**
 * codec: the track codec (docs/track-format.md) against the two text forms of the same points,
 * GPX (trackToGpx) and JSON (JSON.stringify of the points), for (a) the real Jukola 2019 Strava
 * track (fixtures/gpx) and (b) a simulated 6-hour 1 Hz track: 21,600 points of a random
 * walk at about 3 m/s with speed, accuracy, altitude, heading and distance. All three forms get
 * the same points, already at the codec's precisions, so no form pays for digits the others drop.
 * Also encode/decode throughput in points/s, with JSON.stringify/JSON.parse as the baseline
 * measured in the same run. Target: the codec under 25% of JSON's bytes on both tracks.
 */
import { readFileSync } from 'node:fs';
import {
  decodeTrack,
  encodeTrack,
  fillDistances,
  trackFromGpx,
  trackToGpx,
  type LocationPoint,
} from '@rada/core';
import { medianMs, type BenchResult } from './harness.ts';

const TARGET_SHARE = 0.25;
const FIXTURE = new URL('../fixtures/gpx/jukola-2019-leg1-strava.gpx', import.meta.url);
const SIM_POINTS = 6 * 3600;
const T0 = 1_767_261_600_000;

/** A deterministic pseudo-random sequence (no Math.random: runs must be comparable). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Six hours at 1 Hz of a team walking and jogging at about 3 m/s, as a phone reports it. */
function simulatedTrack(): LocationPoint[] {
  const rnd = lcg(2026);
  const points: LocationPoint[] = [];
  let y = 59.4369608;
  let x = 24.7535747;
  let heading = 90;
  let speed = 3;
  let alt = 40;
  let accuracy = 5;
  const metresPerDegLat = 111_195;
  for (let i = 0; i < SIM_POINTS; i++) {
    heading = (heading + (rnd() - 0.5) * 20 + 360) % 360;
    speed = Math.min(6, Math.max(0, speed + (rnd() - 0.5) * 0.4));
    alt += (rnd() - 0.5) * 0.6;
    accuracy = Math.min(30, Math.max(2, accuracy + (rnd() - 0.5) * 1.5));
    const rad = (heading * Math.PI) / 180;
    y += (speed * Math.cos(rad)) / metresPerDegLat;
    x += (speed * Math.sin(rad)) / (metresPerDegLat * Math.cos((y * Math.PI) / 180));
    // Phones jitter their timestamps by a few milliseconds around the second.
    const t = T0 + i * 1000 + Math.floor(rnd() * 8);
    points.push({ t, y, x, a: accuracy, s: speed, l: alt, g: heading, d: null });
  }
  return fillDistances(points);
}

interface Sizes {
  codec: number;
  gpx: number;
  json: number;
}

function sizes(points: LocationPoint[]): Sizes {
  const utf8 = new TextEncoder();
  return {
    codec: encodeTrack(points).length,
    gpx: utf8.encode(trackToGpx(points, { name: 'bench' })).length,
    json: utf8.encode(JSON.stringify(points)).length,
  };
}

function report(label: string, n: number, s: Sizes): boolean {
  const perPoint = (bytes: number) => (bytes / n).toFixed(1);
  const share = s.codec / s.json;
  const ok = share < TARGET_SHARE;
  console.log(
    `codec: ${label}, ${n} points: codec ${perPoint(s.codec)} B/point (${s.codec} B), ` +
      `GPX ${perPoint(s.gpx)} B/point, JSON ${perPoint(s.json)} B/point`,
  );
  console.log(
    `codec: ${label}: codec/GPX ${(s.codec / s.gpx).toFixed(3)}, codec/JSON ${share.toFixed(3)} ` +
      `(target < ${TARGET_SHARE}) ${ok ? 'OK' : 'OVER TARGET'}`,
  );
  return ok;
}

export async function codecBench(): Promise<BenchResult> {
  let ok = true;

  let jukolaText: string | null = null;
  try {
    jukolaText = readFileSync(FIXTURE, 'utf8');
  } catch {
    console.log(`codec: fixture ${FIXTURE.pathname} missing; the real track is skipped`);
  }
  if (jukolaText !== null) {
    // Through the codec once, so every form holds the same values.
    const jukola = decodeTrack(encodeTrack(trackFromGpx(jukolaText).points));
    ok = report('Jukola 2019 leg 1 (Strava GPX)', jukola.length, sizes(jukola)) && ok;
  }

  const sim = decodeTrack(encodeTrack(simulatedTrack()));
  ok = report('simulated 6 h at 1 Hz', sim.length, sizes(sim)) && ok;

  const bytes = encodeTrack(sim);
  const json = JSON.stringify(sim);
  const repeat = 15;
  for (let i = 0; i < 3; i++) {
    decodeTrack(encodeTrack(sim));
    JSON.parse(JSON.stringify(sim));
  }
  const encodeMs = await medianMs(() => encodeTrack(sim), repeat);
  const decodeMs = await medianMs(() => decodeTrack(bytes), repeat);
  const stringifyMs = await medianMs(() => JSON.stringify(sim), repeat);
  const parseMs = await medianMs(() => JSON.parse(json), repeat);
  const rate = (ms: number) => `${(((sim.length / ms) * 1000) / 1e6).toFixed(2)} M points/s`;
  console.log(
    `codec: encode ${encodeMs.toFixed(2)} ms (${rate(encodeMs)}), baseline JSON.stringify ` +
      `${stringifyMs.toFixed(2)} ms (${rate(stringifyMs)}); ratio ${(encodeMs / stringifyMs).toFixed(2)}×`,
  );
  console.log(
    `codec: decode ${decodeMs.toFixed(2)} ms (${rate(decodeMs)}), baseline JSON.parse ` +
      `${parseMs.toFixed(2)} ms (${rate(parseMs)}); ratio ${(decodeMs / parseMs).toFixed(2)}× ` +
      `(median of ${repeat}, ${sim.length} points)`,
  );
  return { name: 'codec', ok };
}
