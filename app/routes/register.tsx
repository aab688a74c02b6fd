import { data, Link } from "react-router";
import { siteContentContext } from "~/context";
import { Container } from "~/components/layout/container";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHeader } from "~/components/layout/page-header";
import { CheckList } from "~/components/sections/icon-card";
import { TestimonialCard } from "~/components/sections/testimonial-card";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { launchCopy } from "~/content/launch";
import { register } from "~/content/register";
import { site } from "~/content/site";
import { todayIso } from "~/lib/dates";
import { buildMeta } from "~/lib/meta";
import { cachedPage, degradableHeaders } from "~/lib/page-cache";
import { pageContent } from "~/features/site-content/index.server";
import type { Route } from "./+types/register";
import { staticPage } from "~/lib/hydration";

// Nothing here but links and text: served without React (decision 012). Its testimonial, the first published, is
// edited in the browser: rendered by the server once per change and cached (decision 035).
export const handle = { ...staticPage, ...cachedPage };
export const headers = degradableHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  buildMeta({
    title: "Get Started",
    description: `Create your ${site.name} account and get 50 free replies. ${loaderData ? launchCopy(loaderData.today).spots : "No credit card required."}`,
    path: "/register",
  });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, headers } = await pageContent(context.get(siteContentContext), request);
  const page = { today: todayIso(), testimonial: content.testimonials[0] };
  return headers ? data(page, { headers }) : page;
}

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  const launch = launchCopy(loaderData.today);
  return (
    <>
      <PageHeader eyebrow="Get started" title={register.title} description={register.description}>
        <Button asChild size="lg" className="mt-2">
          <ExternalLink href={site.appSignUpUrl}>
            Get Started <Icon name="arrow-right" />
          </ExternalLink>
        </Button>
        <p className="text-sm text-muted-foreground">{launch.register}</p>
      </PageHeader>
      <section aria-label="What you get" className="py-14 sm:py-20">
        <Container className="grid gap-8 md:grid-cols-2">
          <Card className="gap-5 p-8">
            <h2 className="text-2xl font-bold tracking-tight">Key features</h2>
            <CheckList items={register.keyFeatures} className="text-base" />
            <p className="mt-auto text-sm text-muted-foreground">
              Already have an account?{" "}
              <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                Sign in
              </Link>
            </p>
          </Card>
          {loaderData.testimonial ? (
            <div className="flex flex-col gap-3">
              <h2 className="sr-only">What customers say</h2>
              <TestimonialCard testimonial={loaderData.testimonial} className="p-8" />
            </div>
          ) : null}
        </Container>
      </section>
    </>
  );
}
