// Product facts printed in the downloads. The site reads the same name from app/content/site.ts, which depends on
// Vite's build-time config and so cannot be imported by this Node script.
export const brand = {
  name: "Replywise",
  promise: "Replies answered like a human, so no lead waits more than five minutes",
  plans: [
    { name: "Starter", price: 15, credits: 50 },
    { name: "Professional", price: 60, credits: 250 },
    { name: "Agencies", price: 150, credits: 750 },
  ],
  /** Fixed date written into every file so rebuilding gives the same bytes. */
  edition: new Date("2025-09-01T00:00:00Z"),
} as const;
