import { useId } from "react";
import { Link } from "react-router";
import { brandMark } from "~/content/brand-mark";
import { site } from "~/content/site";
import { cn } from "~/lib/utils";

export function LogoMark({ className }: { className?: string }) {
  // The header and the footer both show the mark: each needs its own gradient id for the page to stay valid.
  const gradientId = useId();
  return (
    <svg viewBox={`0 0 ${brandMark.size} ${brandMark.size}`} aria-hidden="true" className={cn("size-8", className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={brandMark.gradient[0]} />
          <stop offset="1" stopColor={brandMark.gradient[1]} />
        </linearGradient>
      </defs>
      <rect width={brandMark.size} height={brandMark.size} rx={brandMark.tileRadius} fill={`url(#${gradientId})`} />
      <path d={brandMark.bubble} fill="#fff" />
      <path
        d={brandMark.check}
        fill="none"
        stroke={brandMark.gradient[0]}
        strokeWidth={brandMark.checkWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
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
