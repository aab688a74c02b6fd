import { Link } from "react-router";
import { site } from "~/content/site";
import { cn } from "~/lib/utils";

/**
 * The mark is the favicon's drawing (public/favicon.svg) shown as an image: the header and the footer share one cached
 * file, the page holds no gradient ids to keep unique, and the frame's script carries no drawing (decision 012).
 */
export function LogoMark({ className }: { className?: string }) {
  return <img src="/favicon.svg" alt="" width={32} height={32} className={cn("size-8", className)} />;
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
