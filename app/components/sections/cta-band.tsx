// The closing call to action of the home and features pages.
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
  headingAs: Heading = "h2",
}: {
  id: string;
  title: string;
  description: string;
  signUpUrl: string;
  /** The second, quieter button: where to read on (the demo, the prices). */
  next: { to: string; label: string };
  className?: string;
  /** The heading's level: h1 where the band opens the page (a campaign page's first block). */
  headingAs?: "h1" | "h2";
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={cn("py-16 sm:py-20", className)}>
      <Container>
        <div className="flex flex-col items-center gap-5 rounded-2xl bg-cta px-6 py-14 text-center text-cta-foreground shadow-lg ring-1 ring-primary/30 sm:px-12">
          <Heading id={`${id}-heading`} className="max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </Heading>
          <p className="max-w-xl text-lg opacity-90">{description}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            {/* The band's colors inverted, and an outline as strong as the text: both read in either theme. */}
            <Button asChild size="lg" className="bg-cta-foreground text-cta shadow-sm hover:bg-cta-foreground/90">
              <ExternalLink href={signUpUrl}>Get Started</ExternalLink>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-2 border-cta-foreground/85 bg-transparent text-cta-foreground hover:bg-cta-foreground/15 hover:text-cta-foreground"
            >
              <Link to={next.to}>{next.label}</Link>
            </Button>
          </div>
        </div>
      </Container>
    </section>
  );
}
