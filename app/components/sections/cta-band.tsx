import type * as React from "react";
import { Container } from "~/components/layout/container";
import { cn } from "~/lib/utils";

/** The closing call to action: a bold band with a heading, a line and its buttons. */
export function CtaBand({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cn("py-16 sm:py-20", className)}>
      <Container>
        <div className="flex flex-col items-center gap-5 rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-lg sm:px-12">
          <h2 id={`${id}-heading`} className="max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          <p className="max-w-xl text-lg opacity-90">{description}</p>
          <div className="flex flex-col gap-3 sm:flex-row">{children}</div>
        </div>
      </Container>
    </section>
  );
}
