import { Link } from "react-router";
import { Container } from "~/components/layout/container";
import { ExternalLink } from "~/components/layout/external-link";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** The closing call to action: a bold band with a heading, a line, the sign-up button and one page of the site. */
export function CtaBand({
  id,
  title,
  description,
  signUpUrl,
  next,
  className,
}: {
  id: string;
  title: string;
  description: string;
  signUpUrl: string;
  /** The second, quieter button: where to read on (the demo, the prices). */
  next: { to: string; label: string };
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
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <ExternalLink href={signUpUrl}>Get Started</ExternalLink>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/50 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <Link to={next.to}>{next.label}</Link>
            </Button>
          </div>
        </div>
      </Container>
    </section>
  );
}
