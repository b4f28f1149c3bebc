import type { Actor } from '../auth/actor.ts';

/** Creating events needs a creator record (super admins have one implicitly). */
export const canCreateEvent = (actor: Actor | null): actor is Actor => actor?.creator === true;

/** Granting creator records is for super admins. */
export const canManageCreators = (actor: Actor | null): actor is Actor =>
  actor?.superAdmin === true;

/** Searching the user directory (admin pickers) is for people who run events. */
export const canSearchUsers = (actor: Actor | null): actor is Actor =>
  actor !== null && (actor.creator || actor.superAdmin);

/**
 * Searching the whole user directory, phone numbers included: super admins. Other searchers see
 * the people of their own events and others only by exact email (users/user.service.ts).
 */
export const canSeeWholeDirectory = (actor: Actor | null): boolean => actor?.superAdmin === true;

/** Moving archives to the second tier and cleaning the first (spec 02 §2): super admins. */
export const canMoveArchives = (actor: Actor | null): actor is Actor => actor?.superAdmin === true;

/** The events table of the whole platform and its unpaid marks (spec 02 §2): super admins. */
export const canManageEvents = (actor: Actor | null): actor is Actor => actor?.superAdmin === true;

/** Adding, editing and deleting news (spec 02 §6): the platform owner only. */
export const canManageNews = (actor: Actor | null): actor is Actor => actor?.platformOwner === true;

/** Overriding the interface's texts (spec 02 §2 translation editor): the owner and super admins. */
export const canEditTranslations = (actor: Actor | null): actor is Actor =>
  actor !== null && (actor.platformOwner || actor.superAdmin);

/** The accounting stock tool (spec 02 §2): the platform owner's alone, not super admins'. */
export const canUseAccounting = (actor: Actor | null): actor is Actor =>
  actor?.platformOwner === true;
