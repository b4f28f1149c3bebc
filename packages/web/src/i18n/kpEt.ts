/** Estonian texts of the checkpoint editor (features/checkpoints). */
export const kpEt: Record<string, string> = {};
