/** Estonian strings of this feature (join). */
export const joinEt: Record<string, string> = {};
