import { data, Link } from "react-router";
import { siteContentContext, databaseContext } from "~/context";
import { Container } from "~/components/layout/container";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHeader } from "~/components/layout/page-header";
import { FeatureRequestDialog, FeatureRequestLink } from "~/features/leads";
import { FormToasts } from "~/components/forms/form-toasts";
import { RoadmapTimeline } from "~/components/sections/roadmap-timeline";
import { RoadmapVote } from "~/features/roadmap-votes";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { roadmapMonths, stayUpdated } from "~/content/roadmap";
import { site } from "~/content/site";
import { staticPage, usePageScript, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { cachedPage, degradableHeaders, type PageCacheHandle } from "~/lib/page-cache";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
import { roadmapVoteCounts } from "~/features/roadmap-votes/index.server";
import { pageContent } from "~/features/site-content/index.server";
import type { Route } from "./+types/roadmap";

// The roadmap as published: edited in the browser, rendered by the server once per change and cached (decision 035).
// No React on the page: the feature-request dialog is a page script's (decision 041); the vote forms are plain posts.
export const handle: HydrationHandle & PageScriptHandle & PageCacheHandle = { ...staticPage, ...cachedPage, script: leadFormsScript };
export const headers = degradableHeaders;

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Roadmap",
    description: `What ${site.name} has shipped and what comes next, month by month: integrations, notifications and more. Request a feature for the roadmap.`,
    path: "/roadmap",
  });

export async function loader({ context, request }: Route.LoaderArgs) {
  const { content, headers } = await pageContent(context.get(siteContentContext), request);
  const months = roadmapMonths(content.roadmap);
  const shownIds = months.flatMap((month) => month.features.map((feature) => feature.id));
  const counted = await roadmapVoteCounts(context.get(databaseContext), shownIds);
  // The aside's words travel with the months, so the page's browser code imports nothing of app/content/roadmap.ts.
  const page = { months, stayUpdated, votes: counted.votes, anchors: counted.anchors };
  const degraded = headers ?? counted.headers;
  return degraded ? data(page, { headers: degraded }) : page;
}

export default function RoadmapPage({ loaderData }: Route.ComponentProps) {
  usePageScript(leadFormsScript);
  return (
    <>
      <PageHeader
        eyebrow="Roadmap"
        title="Product Roadmap"
        description="What we have shipped and what we plan next. Shipped items sit in the month they shipped, planned ones in the month we added them. Tell us what you need and it may land here."
      >
        <div className="mt-2">
          <FeatureRequestLink />
        </div>
      </PageHeader>
      <Container className="grid max-w-5xl gap-12 py-14 sm:py-20 lg:grid-cols-[1fr_18rem]">
        <RoadmapTimeline
          months={loaderData.months}
          planned={(feature) => (
            <RoadmapVote item={feature} count={loaderData.votes[feature.id] ?? 0} mergedIds={loaderData.anchors[feature.id]} />
          )}
        />
        <aside aria-labelledby="stay-updated-heading" className="lg:sticky lg:top-24 lg:self-start">
          <Card className="bg-secondary text-secondary-foreground">
            <h2 id="stay-updated-heading" className="text-xl font-bold">
              {loaderData.stayUpdated.title}
            </h2>
            <p className="text-sm">{loaderData.stayUpdated.description}</p>
            <div className="flex flex-col gap-3">
              <Button asChild>
                <ExternalLink href={site.appSignUpUrl}>Get Started</ExternalLink>
              </Button>
              <Button asChild variant="outline">
                <Link to="/blog">Read Our Blog</Link>
              </Button>
            </div>
          </Card>
        </aside>
      </Container>
      <FeatureRequestDialog />
      <FormToasts />
    </>
  );
}
