import { LinkOutcome } from "~/components/sections/link-outcome";
import { databaseContext, newsletterContext } from "~/context";
import { unavailableCopy } from "~/features/newsletter";
import { voteConfirmPage } from "~/features/roadmap-votes";
import { voteOptIn } from "~/features/roadmap-votes/index.server";
import { confirmationPage } from "~/lib/double-opt-in.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { linkPage, withDatabase } from "~/lib/link-page.server";
import { buildMeta } from "~/lib/meta";
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

const page = confirmationPage(voteOptIn, voteConfirmPage);

/** Opening the link changes nothing: a mail scanner may fetch it. The page asks for the click. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const links = context.get(newsletterContext).voteLinks;
  return withDatabase(
    context.get(databaseContext),
    () => page.show(context.get(databaseContext).db, request, links),
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

/** The click: confirms the one vote the link was made for; its count changes on /roadmap on every instance. */
export async function action({ request, context }: Route.ActionArgs) {
  return withDatabase(
    context.get(databaseContext),
    () => page.confirm(context.get(databaseContext).db, request, context.get(newsletterContext).voteLinks),
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

export default function RoadmapVoteConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkOutcome {...(actionData ?? loaderData)} />;
}
