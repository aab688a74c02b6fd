import { LinkOutcome } from "~/components/sections/link-outcome";
import { analyticsContext, clientAddressContext, databaseContext, newsletterContext, noticesContext } from "~/context";
import { confirmPage, unavailableCopy } from "~/features/newsletter";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { doneRedirect, isDone, linkPage, tokenOf, withDatabase } from "~/lib/link-page.server";
import { buildMeta } from "~/lib/meta";
import { confirm, inspectConfirmation } from "~/features/newsletter/index.server";
import type { Route } from "./+types/newsletter.confirm";

export const meta: Route.MetaFunction = ({ data }) =>
  buildMeta({
    title: data?.title ?? confirmPage.pending.title,
    description: "Confirm your subscription to the Replywise newsletter.",
    path: "/newsletter/confirm",
    noindex: true,
  });

export const handle = staticPage;
export const headers = formHeaders;

/** Opening the link changes nothing: a mail scanner may fetch it. The page asks for the click. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { links } = context.get(newsletterContext);
  return withDatabase(
    context.get(databaseContext),
    async () => {
      const seen = await inspectConfirmation(context.get(databaseContext).db, tokenOf(request), links);
      // Back from the click that confirmed it.
      if (isDone(request) && seen.outcome === "already-confirmed") return linkPage(confirmPage.confirmed, "confirmed");
      return linkPage(confirmPage[seen.outcome], seen.outcome, "subscriber" in seen ? seen.subscriber?.email : undefined);
    },
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const notices = context.get(noticesContext);
  return withDatabase(
    context.get(databaseContext),
    async () => {
      const outcome = await confirm(
        context.get(databaseContext).db,
        tokenOf(request),
        context.get(newsletterContext).links,
        (tx, subscriber) => context.get(newsletterContext).notices.welcome(tx, subscriber),
      );
      if (outcome === "confirmed") {
        notices.wake();
        context.get(analyticsContext)?.goal("newsletter-confirmed", {
          address: context.get(clientAddressContext),
          userAgent: request.headers.get("User-Agent") ?? undefined,
        });
        return doneRedirect(request);
      }
      return linkPage(confirmPage[outcome as keyof typeof confirmPage], outcome);
    },
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkOutcome {...(actionData ?? loaderData)} />;
}
