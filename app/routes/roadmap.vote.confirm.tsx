import { LinkOutcome } from "~/components/sections/link-outcome";
import { newsletterContext } from "~/context";
import { unavailableCopy } from "~/features/newsletter/words";
import { voteConfirmPage } from "~/features/roadmap-votes/words";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { confirmationPage } from "~/lib/link-page.server";
import { buildMeta } from "~/lib/meta";
import { voteOptIn } from "~/features/roadmap-votes/votes.server";
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

/** Opening the link changes nothing (a mail scanner may fetch it); the click confirms the one vote it was made for. */
const page = confirmationPage({
  optIn: voteOptIn,
  links: (context) => context.get(newsletterContext).voteLinks,
  copy: voteConfirmPage,
  unavailable: unavailableCopy,
});
export const loader = page.loader;
export const action = page.action;

export default function RoadmapVoteConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkOutcome {...(actionData ?? loaderData)} />;
}
