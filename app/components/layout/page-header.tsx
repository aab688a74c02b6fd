import type * as React from "react";
import { cn } from "~/lib/utils";
import { Container } from "./container";

interface PageHeaderProps {
  eyebrow?: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}

/** The top band of an inner page: its one <h1>, a lead paragraph and optional actions. */
export function PageHeader({ eyebrow, title, description, children, className }: PageHeaderProps) {
  return (
    <section className={cn("border-b bg-gradient-to-b from-secondary/70 to-background py-14 sm:py-20", className)}>
      <Container className="flex max-w-3xl flex-col items-center gap-4 text-center">
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
        {description ? <p className="text-lg text-muted-foreground">{description}</p> : null}
        {children}
      </Container>
    </section>
  );
}
