import { Link } from "react-router";
import { site } from "~/content/site";
import { cn } from "~/lib/utils";

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4f46e5" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#logo-gradient)" />
      <path d="M8 11.5A2.5 2.5 0 0 1 10.5 9h11a2.5 2.5 0 0 1 2.5 2.5v7a2.5 2.5 0 0 1-2.5 2.5H15l-4.2 3.2c-.5.4-1.3 0-1.3-.6V21A2.5 2.5 0 0 1 8 18.5z" fill="#fff" />
      <path d="m12 15 2.4 2.4L20 12" fill="none" stroke="#4f46e5" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
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
