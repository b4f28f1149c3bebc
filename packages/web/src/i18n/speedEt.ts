/** Estonian strings of this feature (speed). */
export const speedEt: Record<string, string> = {};
