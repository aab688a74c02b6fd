import { LinkOutcome } from "~/components/sections/link-outcome";
import { databaseContext, newsletterContext } from "~/context";
import { unavailableCopy, unsubscribePage } from "~/features/newsletter";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { linkPage, tokenOf, withDatabase } from "~/lib/link-page.server";
import { buildMeta } from "~/lib/meta";
import { subscriberOf, unsubscribe } from "~/features/newsletter/index.server";
import type { Route } from "./+types/newsletter.unsubscribe";

export const meta: Route.MetaFunction = ({ data }) =>
  buildMeta({
    title: data?.title ?? unsubscribePage.subscribed.title,
    description: "Unsubscribe from the Replywise newsletter.",
    path: "/newsletter/unsubscribe",
    noindex: true,
  });

export const handle = staticPage;
export const headers = formHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  return withDatabase(
    context.get(databaseContext),
    async () => {
      const seen = await subscriberOf(context.get(databaseContext).db, tokenOf(request), context.get(newsletterContext).links);
      if (typeof seen === "string") return linkPage(unsubscribePage[seen], seen);
      return seen.status === "unsubscribed"
        ? linkPage(unsubscribePage["already-unsubscribed"], "already-unsubscribed")
        : linkPage(unsubscribePage.subscribed, "subscribed", seen.email);
    },
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

/** The page's button, and the one-click POST a mail client sends (RFC 8058, body `List-Unsubscribe=One-Click`). */
export async function action({ request, context }: Route.ActionArgs) {
  return withDatabase(
    context.get(databaseContext),
    async () => {
      const outcome = await unsubscribe(context.get(databaseContext).db, tokenOf(request), context.get(newsletterContext).links);
      return linkPage(unsubscribePage[outcome as keyof typeof unsubscribePage], outcome);
    },
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkOutcome {...(actionData ?? loaderData)} />;
}
