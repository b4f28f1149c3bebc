/** Estonian strings of this feature (app). */
export const appEt: Record<string, string> = {};
