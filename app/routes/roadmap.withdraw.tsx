import { LinkOutcome } from "~/components/sections/link-outcome";
import { databaseContext, newsletterContext } from "~/context";
import { unavailableCopy } from "~/features/newsletter";
import { withdrawPage } from "~/features/roadmap-votes";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { linkPage, tokenOf, withDatabase } from "~/lib/link-page.server";
import { buildMeta } from "~/lib/meta";
import { withdraw } from "~/features/roadmap-votes/index.server";
import type { Route } from "./+types/roadmap.withdraw";

// The unsubscribe link of a shipped roadmap item's notice (decision 036).

export const meta: Route.MetaFunction = ({ data }) =>
  buildMeta({
    title: data?.title ?? withdrawPage.ask.title,
    description: "Withdraw your vote on the Replywise roadmap.",
    path: "/roadmap/withdraw",
    noindex: true,
  });

export const handle = staticPage;
export const headers = formHeaders;

/** Opening the link changes nothing (a mail scanner may fetch it): the page asks for the click. */
export function loader({ request, context }: Route.LoaderArgs) {
  const read = context.get(newsletterContext).voteLinks.readWithdraw(tokenOf(request));
  return read === "invalid" ? linkPage(withdrawPage.invalid, "invalid") : linkPage(withdrawPage.ask, "ask");
}

/** The page's button, and the one-click POST a mail client sends (RFC 8058, body `List-Unsubscribe=One-Click`). */
export async function action({ request, context }: Route.ActionArgs) {
  return withDatabase(
    context.get(databaseContext),
    async () => {
      const { outcome } = await withdraw(context.get(databaseContext).db, tokenOf(request), context.get(newsletterContext).voteLinks);
      return linkPage(withdrawPage[outcome], outcome);
    },
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

export default function RoadmapWithdraw({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkOutcome {...(actionData ?? loaderData)} />;
}
