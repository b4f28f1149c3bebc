/** Estonian texts of the map, deleted KPs and printing (features/map, deletedKps, printing). */
export const mapEt: Record<string, string> = {};
