/** Estonian strings of this feature (live). */
export const liveEt: Record<string, string> = {};
