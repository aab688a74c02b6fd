/**
 * The logo mark on a 32 × 32 tile: a speech bubble with a check. The PDF downloads draw it from here; the browser shows
 * public/favicon.svg, the same drawing (as the favicon and the site's logo), which brand-mark.test.ts holds to it.
 */
export const brandMark = {
  size: 32,
  tileRadius: 8,
  gradient: ["#4f46e5", "#7c3aed"],
  bubble:
    "M8 11.5A2.5 2.5 0 0 1 10.5 9h11a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.2 3.2c-.5.4-1.3 0-1.3-.6V21A2.5 2.5 0 0 1 8 18.5z",
  check: "m12 15 2.4 2.4L20 12",
  checkWidth: 2.2,
} as const;
