import { LinkOutcome } from "~/components/sections/link-outcome";
import { analyticsContext, clientAddressContext, newsletterContext, noticesContext } from "~/context";
import { confirmPage, unavailableCopy } from "~/features/newsletter/words";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage } from "~/lib/hydration";
import { confirmationPage } from "~/lib/link-page.server";
import { buildMeta } from "~/lib/meta";
import { subscriptionOptIn } from "~/features/newsletter/subscribers.server";
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

/** Opening the link changes nothing (a mail scanner may fetch it); the click confirms and sends the welcome. */
const page = confirmationPage({
  optIn: subscriptionOptIn,
  links: (context) => context.get(newsletterContext).links,
  copy: confirmPage,
  unavailable: unavailableCopy,
  onConfirmed: (tx, subscriber, context) => context.get(noticesContext).newsletterWelcome(tx, subscriber),
  afterConfirmed(request, context) {
    context.get(noticesContext).wake();
    context.get(analyticsContext)?.goal("newsletter-confirmed", {
      address: context.get(clientAddressContext),
      userAgent: request.headers.get("User-Agent") ?? undefined,
    });
  },
});
export const loader = page.loader;
export const action = page.action;

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  return <LinkOutcome {...(actionData ?? loaderData)} />;
}
