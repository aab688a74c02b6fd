import { Container } from "~/components/layout/container";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHeader } from "~/components/layout/page-header";
import { useCompany } from "~/components/layout/company";
import { PhoneLink } from "~/components/layout/phone-link";
import { BookingEmbed, bookingEmbedScript } from "~/features/bookings";
import { IconBadge } from "~/components/sections/icon";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { demoPage } from "~/content/demo";
import { site } from "~/content/site";
import { countedNavigation } from "~/features/analytics";
import { staticPage, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { cachedPage } from "~/lib/page-cache";
import type { Route } from "./+types/demo";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Book a Demo",
    description: `Book a 30-minute personalized ${site.name} demo. Pick a free slot, booked at once, with time for your questions.`,
    path: "/demo",
  });

// Nothing to hydrate: the calendar's click-to-load is a page script (decision 031). Its phone is the company's as
// published (decision 043): cached per change of the content.
export const handle: HydrationHandle & PageScriptHandle = { ...staticPage, ...cachedPage, script: bookingEmbedScript };

export const loader = countedNavigation;

export default function DemoPage() {
  const company = useCompany();
  return (
    <>
      <PageHeader eyebrow="Demo" title={demoPage.title} description={demoPage.description} />
      <section aria-label="Schedule your demo" className="py-14 sm:py-20">
        {/* On phones the calendar follows the explanation directly; on wide screens it spans the right column. */}
        <Container className="grid gap-8 lg:grid-cols-[1fr_1.5fr] lg:grid-rows-[auto_1fr]">
          {/* One card for the three highlights, so the left column stays about as tall as the calendar beside it. */}
          <Card className="lg:col-start-1 lg:row-start-1">
            <ul className="flex flex-col gap-5">
              {demoPage.highlights.map((highlight) => (
                <li key={highlight.title} className="flex gap-4">
                  <IconBadge name={highlight.icon} />
                  <div className="flex flex-col gap-1">
                    <h2 className="leading-snug font-semibold">{highlight.title}</h2>
                    <p className="text-sm text-muted-foreground">{highlight.description}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Card>
          <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <BookingEmbed
              bookingUrl={site.bookingUrl}
              scriptUrl={site.bookingScriptUrl}
              minutes={site.demo.minutes}
              height={site.demo.embedHeight}
            />
          </div>
          <div className="flex flex-col gap-6 lg:col-start-1 lg:row-start-2">
            <Card className="bg-muted/50">
              <h2 className="flex items-center gap-2 text-lg font-semibold">
                <Icon name="phone" className="size-5 text-primary" />
                {demoPage.phone.title}
              </h2>
              <p className="text-sm text-muted-foreground">{demoPage.phone.description}</p>
              <PhoneLink number={company.phone} className="font-medium text-primary underline-offset-4 hover:underline" />
            </Card>
            <Card className="bg-muted/50">
              <h2 className="text-lg font-semibold">{demoPage.start.title}</h2>
              <p className="text-sm text-muted-foreground">{demoPage.start.description}</p>
              <Button asChild className="w-fit">
                <ExternalLink href={site.appSignUpUrl}>Get Started</ExternalLink>
              </Button>
            </Card>
          </div>
        </Container>
      </section>
    </>
  );
}
