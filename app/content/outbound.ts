// The links that leave for the application and the booking calendar go through the site's own redirect (`/go/…`), so
// the server counts the click as a goal without a script, and the link works without JavaScript. The pages link to
// OUTBOUND_PATHS; where each one leads is the server's (app/features/analytics/outbound.ts, outboundTarget()).

export const OUTBOUND_NAMES = ["register", "book"] as const;
export type OutboundName = (typeof OUTBOUND_NAMES)[number];

export const OUTBOUND_PATHS: Record<OutboundName, string> = { register: "/go/register", book: "/go/book" };
