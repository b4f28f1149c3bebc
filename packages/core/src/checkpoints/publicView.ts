import type { KpData } from './types.ts';

/**
 * The keys of a KP's data that anyone who may see the KP sees: its description, place and the
 * texts of its responses. Everything else of the (loose) data document is the organisers': the
 * answer text `a`, per-response `scores`, and any key an import or an old client brought along.
 */
export const PUBLIC_KP_DATA_KEYS = [
  'desc',
  'longdesc',
  'longdesc_i18n',
  'loc',
  'anycross',
  'responses',
] as const;

/**
 * A KP's data as non-admins see it (the participant app, the public KP list with `kpsinweb`, the
 * control-description sheet): only PUBLIC_KP_DATA_KEYS, each only in its documented shape, so an
 * answer-like value cannot travel inside a public key either.
 */
export function publicKpData(data: KpData): KpData {
  const out: KpData = {};
  if (typeof data.desc === 'string') out.desc = data.desc;
  if (typeof data.longdesc === 'string') out.longdesc = data.longdesc;
  const copies: unknown = data.longdesc_i18n;
  if (copies && typeof copies === 'object' && !Array.isArray(copies)) {
    out.longdesc_i18n = Object.fromEntries(
      Object.entries(copies as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
  const loc: unknown = data.loc;
  if (loc && typeof loc === 'object') {
    const { lat, lng } = loc as { lat?: unknown; lng?: unknown };
    if (typeof lat === 'number' && typeof lng === 'number') out.loc = { lat, lng };
  }
  if (typeof data.anycross === 'boolean') out.anycross = data.anycross;
  const responses: unknown = data.responses;
  if (responses && typeof responses === 'object' && !Array.isArray(responses)) {
    out.responses = Object.fromEntries(
      Object.entries(responses as Record<string, unknown>).flatMap(([id, text]) =>
        typeof text === 'string' || typeof text === 'number' ? [[id, String(text)]] : [],
      ),
    );
  }
  return out;
}
