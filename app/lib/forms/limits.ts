// The one place for the limits on what visitors send: the lengths the database columns (the tables.ts files), the
// form schemas (the *-schema.ts files) and the inputs' maxLength attributes all read, the body size, the fill time, and the
// rate limiter's answer about a post (the guard, app/lib/forms/guard.server.ts, gives it; the context carries it).

export const LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  title: 200,
  longText: 5000,
  source: 200,
  resourceId: 100,
  /** A roadmap item's stable id, and the note a voter may add (decision 036). */
  roadmapItemId: 120,
  voteNote: 1000,
} as const;

/** Largest accepted form body; the longest legitimate submission (three 5,000-character fields) is far below it. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * How long the form's page had been open when a lead form was posted, in milliseconds: the frame's script adds it to the
 * form's data (app/lib/frame-script.ts), so a prerendered page needs no token. A post without it (no JavaScript) is never
 * held for it.
 */
export const FILL_TIME_FIELD = "fill_ms";

/** Faster than a person reads and fills a form: such a post is held as spam (app/lib/forms/guard.server.ts), never refused. */
export const MIN_FILL_MS = 2000;

/** The rate limiter's one answer about a form post. */
export type FormLimit =
  | { status: "allowed" }
  | { status: "refused"; retryAfterSeconds: number; repeat: boolean }
  /** The database is away (or still migrating): the post cannot be counted, nor stored. */
  | { status: "unavailable" };
