/** Estonian strings of this feature (start). */
export const startEt: Record<string, string> = {};
