import type * as React from "react";
import { Container } from "~/components/layout/container";
import { cn } from "~/lib/utils";

interface SectionProps extends Omit<React.ComponentProps<"section">, "title"> {
  title?: React.ReactNode;
  description?: React.ReactNode;
  eyebrow?: React.ReactNode;
  /** Muted band background, to separate consecutive sections. */
  muted?: boolean;
  containerClassName?: string;
  /** The heading's level: h1 where the section opens the page (a campaign page's first block). */
  headingAs?: "h1" | "h2";
}

/** A page band with an optional centred h2 and lead; labelled by its heading. */
export function Section({
  id,
  title,
  description,
  eyebrow,
  muted,
  className,
  containerClassName,
  headingAs: Heading = "h2",
  children,
  ...props
}: SectionProps) {
  const headingId = title && id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("py-16 sm:py-20", muted && "bg-muted/50", className)} {...props}>
      <Container className={containerClassName}>
        {title ? (
          <div className="mx-auto mb-10 flex max-w-2xl flex-col items-center gap-3 text-center sm:mb-12">
            {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
            <Heading id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
              {title}
            </Heading>
            {description ? <p className="text-lg text-muted-foreground">{description}</p> : null}
          </div>
        ) : null}
        {children}
      </Container>
    </section>
  );
}
