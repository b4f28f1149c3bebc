import { useCallback, useState } from 'react';
import { alpha } from '@mui/material/styles';
import { INWORK_COLOUR, KP_COLOUR_MODES, LEVEL_COLOURS, READY_COLOUR, kpColour } from '@rada/core';
import type { Kp, KpColourMode } from '@rada/core';

/**
 * Row colouring of the KP grid (spec 01 screen 9 more-menu): by nothing, difficulty (ra),
 * work state (inwork) or group (grp), levels 1 to 8 from core's LEVEL_COLOURS. The row gets a
 * class named after its colour, and one style rule per colour tints those rows.
 */

/** Every colour a row can be tinted with. */
const TINTS: readonly string[] = [...new Set([...LEVEL_COLOURS, INWORK_COLOUR, READY_COLOUR])];

const tintClass = (colour: string) => `kp-tint-${colour.replace('#', '')}`;

/** The row's class under a colouring mode; '' for 'none'. */
export function rowTintClass(kp: Pick<Kp, 'ra' | 'grp' | 'inwork'>, mode: KpColourMode): string {
  return mode === 'none' ? '' : tintClass(kpColour(kp, mode));
}

/** The grid's style rules for the tint classes (a light background, stronger on hover). */
export function tintStyles(): Record<string, object> {
  const styles: Record<string, object> = {};
  for (const colour of TINTS) {
    styles[`& .${tintClass(colour)}`] = {
      backgroundColor: alpha(colour, 0.16),
      '&:hover, &.Mui-hovered': { backgroundColor: alpha(colour, 0.26) },
      '&.Mui-selected': { backgroundColor: alpha(colour, 0.32) },
    };
  }
  return styles;
}

const storageKey = (eventId: string) => `rada.kpcolour.${eventId}`;

/** The colouring mode remembered for an event, 'none' when nothing (valid) is stored. */
export function storedColourMode(eventId: string): KpColourMode {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(storageKey(eventId));
  } catch {
    stored = null;
  }
  return KP_COLOUR_MODES.find((m) => m === stored) ?? 'none';
}

/** The event's colouring mode and a setter that remembers it in localStorage. */
export function useColourMode(eventId: string): [KpColourMode, (mode: KpColourMode) => void] {
  // Keyed by event, so moving to another event's tab shows that event's choice.
  const [chosen, setChosen] = useState(() => ({ eventId, mode: storedColourMode(eventId) }));
  const mode = chosen.eventId === eventId ? chosen.mode : storedColourMode(eventId);
  const change = useCallback(
    (next: KpColourMode) => {
      setChosen({ eventId, mode: next });
      try {
        localStorage.setItem(storageKey(eventId), next);
      } catch {
        // Private browsing: the choice lasts for this page only.
      }
    },
    [eventId],
  );
  return [mode, change];
}
