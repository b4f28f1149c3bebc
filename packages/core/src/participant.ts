import { z } from 'zod';

/**
 * The participant app's API (issue 6): what a team member sees of the event, and the marks,
 * start and finish it sends. Every write carries a client-generated id so a retry never
 * duplicates.
 */

/** A checkpoint as a team sees it: no correct answer, no scoring internals. */
export interface PlayKp {
  id: string;
  nr: string | null;
  desc: string;
  longdesc: string;
  loc: { lat: number; lng: number } | null;
  /** Response id → text; empty for a location-only KP. */
  responses: Record<string, string>;
  /** Marked automatically by passing within the allowed distance (isauto / autokp). */
  auto: boolean;
  /** Metres within which the KP may be marked (KP's maxanswerdistance, else the event's). */
  maxDistance: number | null;
  /** The KP opens only when close enough (noopenwhennotclose or the event's nokpopenwhennotclose). */
  openOnlyWhenClose: boolean;
  mandatory: boolean;
  cancelled: boolean;
}

/** The team's own mark of a KP. */
export interface PlayMark {
  kpId: string;
  answer: string | null;
  ok: boolean | null;
  aeg: number | null;
  /** The client id the mark came with. */
  cid: string | null;
}

/** GET /api/events/:id/play: everything the participant app shows (a member of a team). */
export interface PlayView {
  eventId: string;
  name: string;
  starttime: number | null;
  endtime: number | null;
  settings: {
    appmessage: string;
    prepagemessage: string;
    finishedmessage: string;
    valiktahed: boolean;
    clientstart: boolean;
    startloc: { lat: number; lng: number } | null;
    maxstartdistance: number | null;
    maxmarkingdistance: number | null;
    massstarttimems: number | null;
    featuretimetogo: boolean;
    /** Normal time in minutes (ajad.normaalaeg), for "time left". */
    normaalaeg: number | null;
    enablewslocations: boolean;
  };
  team: {
    id: string;
    name: string;
    nr: string | null;
    allowed: boolean;
    starttime: number | null;
    finishtime: number | null;
  };
  kps: PlayKp[];
  marks: PlayMark[];
}

const cid = z.string().min(8).max(64);
const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/**
 * POST /api/events/:id/play/marks: marks a KP with an answer or by location. A team's answer to a
 * KP is final once sent: a second mark of the same KP is refused (the same cid again answers as
 * the first time).
 */
export const MarkBody = z
  .object({
    cid,
    kpId: z.string().min(1).max(100),
    answer: z.string().min(1).max(100).optional(),
    /** Where the device was when marking; needed when the KP must be marked close by. */
    loc: latLng.optional(),
    /** Device time of the mark (epoch ms). */
    t: z.number().int().positive(),
    teamId: z.string().min(1).max(100).optional(),
  })
  .strict();
export type MarkBody = z.input<typeof MarkBody>;

export interface MarkResult {
  mark: PlayMark;
  /** False when this cid had been stored before (a retry). */
  created: boolean;
}

/** POST /api/events/:id/play/start and /finish. */
export const StartFinishBody = z
  .object({
    cid,
    t: z.number().int().positive(),
    loc: latLng.optional(),
    teamId: z.string().min(1).max(100).optional(),
  })
  .strict();
export type StartFinishBody = z.input<typeof StartFinishBody>;

/** What a device sends back for a command (sendLog, sendGPX, sendDB). */
export const UPLOAD_KINDS = ['log', 'gpx', 'db'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** POST /api/devices/:deviceId/uploads. */
export const UploadBody = z
  .object({
    kind: z.enum(UPLOAD_KINDS),
    messageId: z.string().min(1).max(100).optional(),
    /** Text content (log lines, GPX, JSON of the local database). */
    content: z.string().max(20 * 1024 * 1024),
  })
  .strict();
export type UploadBody = z.input<typeof UploadBody>;

/** An upload in the organiser's list (GET /api/events/:id/uploads). */
export interface UploadView {
  id: string;
  teamId: string;
  teamName: string;
  deviceId: string;
  kind: UploadKind;
  messageId: string | null;
  size: number;
  createdAt: number;
}
