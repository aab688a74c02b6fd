import { LinkOutcome } from "~/components/sections/link-outcome";
import { analyticsContext, clientAddressContext, databaseContext, newsletterContext, noticesContext } from "~/context";
import { confirmPage, unavailableCopy } from "~/features/newsletter";
import { subscriptionOptIn } from "~/features/newsletter/index.server";
import { confirmationPage } from "~/lib/double-opt-in.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { linkPage, withDatabase } from "~/lib/link-page.server";
import { buildMeta } from "~/lib/meta";
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

const page = confirmationPage(subscriptionOptIn, confirmPage);

/** Opening the link changes nothing: a mail scanner may fetch it. The page asks for the click. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { links } = context.get(newsletterContext);
  return withDatabase(
    context.get(databaseContext),
    () => page.show(context.get(databaseContext).db, request, links),
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const notices = context.get(noticesContext);
  const newsletter = context.get(newsletterContext);
  return withDatabase(
    context.get(databaseContext),
    () =>
      page.confirm(context.get(databaseContext).db, request, newsletter.links, {
        onConfirmed: (tx, subscriber) => newsletter.notices.welcome(tx, subscriber),
        afterConfirmed() {
          notices.wake();
          context.get(analyticsContext)?.goal("newsletter-confirmed", {
            address: context.get(clientAddressContext),
            userAgent: request.headers.get("User-Agent") ?? undefined,
          });
        },
      }),
    () => linkPage(unavailableCopy, "unavailable"),
  );
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkOutcome {...(actionData ?? loaderData)} />;
}
