import type * as React from "react";

/** A link to another site (the application, the booking page): new tab, no opener. */
export function ExternalLink({ children, ...props }: React.ComponentProps<"a"> & { href: string }) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
