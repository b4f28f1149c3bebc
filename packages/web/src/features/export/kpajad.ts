/** kpajad.json: team id → KP id → answer time (ms), or null when an answer has no time. */
export type Kpajad = Record<string, Record<string, number | null>>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The checkpoint answer times of an event file (spec 01 screen 2): `teams.kpanswers` reduced to
 * `{teamId: {kpId: aeg}}`. Anything that is not an object is skipped, so a partial file still
 * gives what it holds.
 */
export function kpajadFromEventFile(file: unknown): Kpajad {
  const out: Kpajad = {};
  const teams = isRecord(file) ? file.teams : undefined;
  const answers = isRecord(teams) ? teams.kpanswers : undefined;
  if (!isRecord(answers)) return out;
  for (const [teamId, kps] of Object.entries(answers)) {
    if (!isRecord(kps)) continue;
    const times: Record<string, number | null> = {};
    for (const [kpId, answer] of Object.entries(kps)) {
      if (!isRecord(answer)) continue;
      times[kpId] =
        typeof answer.aeg === 'number' && Number.isFinite(answer.aeg) ? answer.aeg : null;
    }
    out[teamId] = times;
  }
  return out;
}
