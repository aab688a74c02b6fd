import { data, Link } from "react-router";
import { Container } from "~/components/layout/container";
import { ExternalLink } from "~/components/layout/external-link";
import { PageHeader } from "~/components/layout/page-header";
import { FeatureRequestDialog } from "~/components/forms/feature-request-dialog";
import { RoadmapTimeline } from "~/components/sections/roadmap-timeline";
import { RoadmapVote } from "~/components/sections/roadmap-vote";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { roadmapMonths, stayUpdated } from "~/content/roadmap";
import { site } from "~/content/site";
import { buildMeta } from "~/lib/meta";
import { cachedPage, degradableHeaders } from "~/lib/page-cache";
import { roadmapVoteCounts } from "~/lib/roadmap-votes/page.server";
import type { Route } from "./+types/roadmap";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Roadmap",
    description: `What ${site.name} has shipped and what comes next, month by month: integrations, notifications and more. Request a feature for the roadmap.`,
    path: "/roadmap",
  });

// Rendered by the server with each planned item's vote count, kept until a count changes (issue 37, decision 035).
export const handle = cachedPage;
export const headers = degradableHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const months = roadmapMonths();
  const shownIds = months.flatMap((month) => month.features.map((feature) => feature.id));
  const { votes, anchors, headers } = await roadmapVoteCounts(context, shownIds);
  return data({ months, votes, anchors }, headers ? { headers } : undefined);
}

export default function RoadmapPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        eyebrow="Roadmap"
        title="Product Roadmap"
        description="What we have shipped and what we plan next. Shipped items sit in the month they shipped, planned ones in the month we added them. Tell us what you need and it may land here."
      >
        <div className="mt-2">
          <FeatureRequestDialog />
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
              {stayUpdated.title}
            </h2>
            <p className="text-sm">{stayUpdated.description}</p>
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
    </>
  );
}
