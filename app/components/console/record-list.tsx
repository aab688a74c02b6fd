import type * as React from "react";

/** The console's lists (leads, jobs, audit entries): one card of rows, or the sentence that says there are none. */
export function RecordList({ label, empty, children }: { label: string; empty: string; children: React.ReactNode[] }) {
  if (children.length === 0) return <p className="rounded-xl border bg-card p-8 text-center text-muted-foreground">{empty}</p>;
  return (
    <ol aria-label={label} className="overflow-hidden rounded-xl border bg-card [&>li+li]:border-t">
      {children}
    </ol>
  );
}
