import type { EventMapRow } from './mapImage.repository.ts';

/**
 * Whether a reader sees a map image of an event at time `now`: the event's admins always; anyone
 * else once it is published and its publicFrom (if any) has come, so teams do not see the map
 * before the start.
 */
export function canSeeMapImage(
  admin: boolean,
  link: Pick<EventMapRow, 'published' | 'public_from'>,
  now: number,
): boolean {
  return admin || (link.published === 1 && (link.public_from === null || link.public_from <= now));
}
