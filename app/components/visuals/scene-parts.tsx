// The pieces every product scene is drawn with: the app window, a labeled chip, a role's initial. Markup and tokens
// only, so a scene costs no script and follows the theme like the rest of the page.
import type * as React from "react";
import type { SceneTone } from "~/content/product-scenes";
import { cn } from "~/lib/utils";

const toneDots = {
  positive: "bg-success",
  question: "bg-primary",
  neutral: "bg-warning",
  muted: "bg-muted-foreground",
} as const satisfies Record<SceneTone, string>;

/**
 * A picture of the product, hidden from assistive technology: the text around it says what it shows. `name` marks it
 * for the tests (data-scene).
 */
export function Scene({ name, className, ...props }: React.ComponentProps<"div"> & { name: string }) {
  return <div aria-hidden="true" data-scene={name} className={cn("select-none", className)} {...props} />;
}

/** The product's window: a title bar with the three dots, and its content. */
export function SceneWindow({
  title,
  aside,
  className,
  children,
}: {
  title: string;
  aside?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xl shadow-primary/5", className)}>
      <div className="flex h-10 items-center gap-3 border-b bg-muted/60 px-4">
        <span className="flex gap-1.5">
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
          <span className="size-2.5 rounded-full bg-border" />
        </span>
        <span className="text-xs font-medium text-muted-foreground">{title}</span>
        {aside ? <span className="ml-auto">{aside}</span> : null}
      </div>
      {children}
    </div>
  );
}

/** A label the inbox manager put on a reply, with a dot in its tone's color. */
export function SceneChip({ tone = "question", children, className }: { tone?: SceneTone; children: React.ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full border bg-card px-2 py-0.5 text-xs font-medium whitespace-nowrap text-foreground",
        className,
      )}
    >
      <span className={cn("size-1.5 rounded-full", toneDots[tone])} />
      {children}
    </span>
  );
}

/** A person shown by the initial of their role, never a face or a name. */
export function SceneAvatar({ label, className }: { label: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground",
        className,
      )}
    >
      {label.charAt(0)}
    </span>
  );
}

/** The card-top panel a small scene sits in, bleeding to the card's edges. */
export function ScenePanel({ name, className, children }: { name: string; className?: string; children: React.ReactNode }) {
  return (
    <Scene
      name={name}
      className={cn(
        "-mx-6 -mt-6 mb-2 flex h-44 flex-col justify-center self-stretch overflow-hidden border-b bg-gradient-to-b from-secondary/70 to-muted/30 px-5 py-4 text-left",
        className,
      )}
    >
      {children}
    </Scene>
  );
}
