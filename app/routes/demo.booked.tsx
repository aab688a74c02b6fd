import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { IconCard } from "~/components/sections/icon-card";
import { Button } from "~/components/ui/button";
import { demoPage } from "~/content/demo";
import { staticPage } from "~/lib/hydration";
import { cachedPage } from "~/lib/page-cache";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/demo.booked";

// The booking service's success redirect lands here (docs/decisions/028). Rendered once per change of the content (its
// footer, decision 043) and cached per URL, and it reads nothing from its address: whatever a query string says (a name, a time), the page shows only what is true for every booking.

// Nothing on it reacts: served without hydration (decision 031).
export const handle = { ...staticPage, ...cachedPage };

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: demoPage.booked.title, description: demoPage.booked.description, path: "/demo/booked", noindex: true });

export default function DemoBookedPage() {
  return (
    <>
      <PageHeader eyebrow="Demo" title={demoPage.booked.title} description={demoPage.booked.description} />
      <section aria-label="What happens next" className="py-14 sm:py-20">
        <Container className="flex flex-col gap-8">
          <ol className="grid gap-4 md:grid-cols-3">
            {demoPage.booked.steps.map((step) => (
              <li key={step.title}>
                <IconCard {...step} as="h2" />
              </li>
            ))}
          </ol>
          <Button asChild className="w-fit">
            <a href="/">Back to the home page</a>
          </Button>
        </Container>
      </section>
    </>
  );
}
