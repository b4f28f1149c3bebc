/** Estonian strings of this feature (msg). */
export const msgEt: Record<string, string> = {};
