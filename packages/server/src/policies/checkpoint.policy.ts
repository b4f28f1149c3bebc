import type { EventAccess } from './event.policy.ts';
import { canEditEvent } from './event.policy.ts';

/**
 * Who may do what with an event's checkpoints. Event admins (and super admins) see and change
 * everything; anyone else may read the checkpoint list only while the event shows its KPs on the
 * web (`kpsinweb`), and then never the answers or scores.
 */

/** Reading the checkpoint list: admins always; anyone (signed out too) when `kpsinweb` is on. */
export const canReadCheckpoints = (a: EventAccess, kpsinweb: boolean): boolean =>
  kpsinweb || canEditEvent(a);

/** Seeing answers, scores, deleted KPs, team answers to missing KPs and print items. */
export const canReadCheckpointSecrets = (a: EventAccess): boolean => canEditEvent(a);

/** Every checkpoint write: create, edit, delete, restore, import, renumber, print items, answers. */
export const canEditCheckpoints = (a: EventAccess): boolean => canEditEvent(a);

/** An archived event's checkpoints are frozen, whoever asks. */
export const isCheckpointWriteOpen = (event: { arch: string | null }): boolean =>
  event.arch === null;
