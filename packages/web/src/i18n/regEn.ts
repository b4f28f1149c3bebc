/** English strings of this feature (reg). */
export const regEn: Record<string, string> = {};
