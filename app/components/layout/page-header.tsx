import type * as React from "react";
import { cn } from "~/lib/utils";
import { Container } from "./container";

interface PageHeaderProps {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
  /** The heading's level: h2 where the header is not the page's first band (a campaign page's later hero). */
  headingAs?: "h1" | "h2";
  id?: string;
}

/** The top band of an inner page: its one <h1>, a lead paragraph and optional actions. */
export function PageHeader({ eyebrow, title, description, children, className, headingAs: Heading = "h1", id }: PageHeaderProps) {
  return (
    <section id={id} className={cn("border-b bg-gradient-to-b from-secondary/70 to-background py-14 sm:py-20", className)}>
      <Container className="flex max-w-3xl flex-col items-center gap-4 text-center">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
        <Heading className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</Heading>
        {description ? <p className="text-lg text-muted-foreground">{description}</p> : null}
        {children}
      </Container>
    </section>
  );
}
