import { Link } from "react-router";
import { site } from "~/content/site";
import { cn } from "~/lib/utils";

/**
 * The favicon's drawing (public/favicon.svg) drawn in the page: its gradient is the element's background, so the page
 * holds no SVG ids to keep unique (decision 012). As an image, each page load built a separate SVG document for it,
 * a long task on a phone (decision 037). ./logo.test.ts holds the two drawings to one.
 */
export const LOGO_DRAWING = {
  from: "#4f46e5",
  to: "#7c3aed",
  bubble:
    "M8 11.5A2.5 2.5 0 0 1 10.5 9h11a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.2 3.2c-.5.4-1.3 0-1.3-.6V21A2.5 2.5 0 0 1 8 18.5z",
  check: "m12 15 2.4 2.4L20 12",
} as const;

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={32}
      height={32}
      aria-hidden="true"
      style={{ backgroundImage: `linear-gradient(to bottom right, ${LOGO_DRAWING.from}, ${LOGO_DRAWING.to})` }}
      className={cn("size-8 shrink-0 rounded-[25%] forced-color-adjust-none", className)}
    >
      <path d={LOGO_DRAWING.bubble} fill="#fff" />
      <path d={LOGO_DRAWING.check} fill="none" stroke={LOGO_DRAWING.from} strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn("flex items-center gap-2 rounded-md text-lg font-bold tracking-tight", className)}>
      <LogoMark />
      <span>{site.name}</span>
      <span className="sr-only"> home</span>
    </Link>
  );
}
