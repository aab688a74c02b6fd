// The one place for the lengths of what visitors send: the database columns (app/lib/db/schema.ts), the form
// schemas (app/lib/schemas/) and the inputs' maxLength attributes all read them from here.

export const LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  title: 200,
  longText: 5000,
  source: 200,
  resourceId: 100,
} as const;

/** Largest accepted form body; the longest legitimate submission (three 5,000-character fields) is far below it. */
export const MAX_BODY_BYTES = 64 * 1024;
