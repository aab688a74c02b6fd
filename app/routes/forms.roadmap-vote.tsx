import { FormOutcome } from "~/components/forms/form-outcome";
import { siteContentContext } from "~/context";
import { RoadmapVoteForm } from "~/features/roadmap-votes";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { formAction } from "~/lib/forms/action.server";
import { formPostServicesOf, leadFormsOf } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { roadmapItemsById } from "~/features/roadmap-votes/index.server";
import type { Route } from "./+types/forms.roadmap-vote";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Vote for a roadmap item",
    description: "Tell the Replywise team you want a planned feature, and hear once when it ships.",
    path: "/forms/roadmap-vote",
    noindex: true,
  });

// The answer to a vote posted from /roadmap (with or without JavaScript, the form is a plain one): a page with the
// outcome, and the form again with its messages after a refused post. No script of its own.
export const handle = staticPage;
export const headers = formHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const planned = [...(await roadmapItemsById(context.get(siteContentContext))).values()].filter((item) => item.status === "planned");
  return { items: planned.map(({ id, name }) => ({ id, name })) };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(leadFormsOf(context)["roadmap-vote"], request, formPostServicesOf(context));

export default function RoadmapVotePage({ loaderData, actionData }: Route.ComponentProps) {
  const itemId = actionData?.reply.initialValue?.itemId;
  const item = loaderData.items.find((candidate) => candidate.id === itemId);
  const backTo = item ? `/roadmap#${item.id}` : "/roadmap";
  return (
    <>
      <PageHeader
        title={item ? `I want ${item.name} too` : "Vote for a roadmap item"}
        description="One vote per address and item, counted once you confirm it by email."
      />
      <Container className="flex max-w-xl flex-col gap-8 py-14">
        <FormOutcome name="roadmap-vote" result={actionData} />
        {item && actionData?.status !== "success" ? <RoadmapVoteForm item={item} lastResult={actionData} /> : null}
        <p>
          <a href={backTo} className="font-medium text-primary underline-offset-4 hover:underline">
            Back to the roadmap
          </a>
        </p>
      </Container>
    </>
  );
}
