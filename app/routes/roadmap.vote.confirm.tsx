import { LinkOutcome } from "~/components/sections/link-outcome";
import { databaseContext, newsletterContext } from "~/context";
import { unavailableCopy } from "~/features/newsletter";
import { voteConfirmPage } from "~/features/roadmap-votes";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { doneRedirect, isDone, linkPage, tokenOf, withDatabase } from "~/lib/link-page.server";
import { buildMeta } from "~/lib/meta";
import { confirmVote, inspectVoteConfirmation } from "~/features/roadmap-votes/index.server";
import type { Route } from "./+types/roadmap.vote.confirm";

export const meta: Route.MetaFunction = ({ data }) =>
  buildMeta({
    title: data?.title ?? voteConfirmPage.pending.title,
    description: "Confirm your vote on the Replywise roadmap.",
    path: "/roadmap/vote/confirm",
    noindex: true,
  });

export const handle = staticPage;
export const headers = formHeaders;

/** Opening the link changes nothing: a mail scanner may fetch it. The page asks for the click. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const links = context.get(newsletterContext).voteLinks;
  return withDatabase(
    context.get(databaseContext),
    async () => {
      const seen = await inspectVoteConfirmation(context.get(databaseContext).db, tokenOf(request), links);
      if (isDone(request) && seen.outcome === "already-confirmed") return linkPage(voteConfirmPage.confirmed, "confirmed");
      return linkPage(voteConfirmPage[seen.outcome], seen.outcome, "vote" in seen ? seen.vote?.email : undefined);
    },
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

/** The click: confirms the one vote the link was made for; its count changes on /roadmap on every instance. */
export async function action({ request, context }: Route.ActionArgs) {
  return withDatabase(
    context.get(databaseContext),
    async () => {
      const outcome = await confirmVote(context.get(databaseContext).db, tokenOf(request), context.get(newsletterContext).voteLinks);
      if (outcome === "confirmed") return doneRedirect(request);
      return linkPage(voteConfirmPage[outcome], outcome);
    },
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

export default function RoadmapVoteConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkOutcome {...(actionData ?? loaderData)} />;
}
