import type * as React from "react";
import { Card } from "~/components/ui/card";
import type { Resource } from "~/content/resources";
import { IconBadge } from "./icon";

/** One free download: what it is, its format and real size, and (`download`, the page's) the dialog that asks for name and email. */
export function ResourceCard({ resource, size, download }: { resource: Resource; size: string | null; download: React.ReactNode }) {
  return (
    <Card className="h-full" data-testid="resource-card">
      <IconBadge name={resource.icon} />
      <h3 className="text-lg leading-snug font-semibold">{resource.title}</h3>
      <p className="text-sm text-muted-foreground">{resource.description}</p>
      <p className="mt-auto flex flex-wrap gap-x-2 text-xs font-medium text-muted-foreground">
        <span>{resource.format}</span>
        {size ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{size}</span>
          </>
        ) : null}
        <span aria-hidden="true">·</span>
        <span>{resource.detail}</span>
      </p>
      <div>{download}</div>
    </Card>
  );
}
