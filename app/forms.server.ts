import type { RouterContextProvider } from "react-router";
import {
  analyticsContext,
  clientAddressContext,
  databaseContext,
  formLimitContext,
  minFillMsContext,
  newsletterContext,
  noticesContext,
  rateLimiterContext,
  siteContentContext,
  siteOriginContext,
} from "~/context";
import { contactForm, downloadForm, featureRequestForm } from "~/features/leads/index.server";
import { newsletterForm } from "~/features/newsletter/index.server";
import { roadmapVoteForm } from "~/features/roadmap-votes/index.server";
import { publishedResource } from "~/features/site-content/index.server";
import { formAction, type FormDefinitions, type FormPostServices } from "~/lib/forms/action.server";
import type { FormName } from "~/lib/forms/names";
import { answerScriptsInJson } from "~/lib/forms/script-answer.server";

// The lead forms as the routes hand them to the shared action (decision 039): each form's definition is its feature's,
// given the services it uses from the request's context here; the shared action gets the request's own services.

/** What the shared form action needs of this request (app/lib/forms/action.server.ts). */
export function formPostServicesOf(context: Readonly<RouterContextProvider>): FormPostServices {
  return {
    database: context.get(databaseContext),
    rateLimiter: context.get(rateLimiterContext),
    formLimit: context.get(formLimitContext),
    clientAddress: context.get(clientAddressContext),
    minFillMs: context.get(minFillMsContext),
    siteOrigin: context.get(siteOriginContext),
    analytics: context.get(analyticsContext),
    addressDigest: context.get(newsletterContext).addressDigest,
    wake: () => context.get(noticesContext).wake(),
  };
}

/** Every lead form with its services: a form route hands its own to the action, the Spam page any held post's. */
export function leadFormsOf(context: Readonly<RouterContextProvider>): FormDefinitions {
  const notices = context.get(noticesContext);
  const newsletter = context.get(newsletterContext);
  const siteContent = context.get(siteContentContext);
  return {
    contact: contactForm(notices),
    "feature-request": featureRequestForm(notices),
    download: downloadForm(notices, (id) => publishedResource(siteContent, id)),
    newsletter: newsletterForm(newsletter.notices),
    "roadmap-vote": roadmapVoteForm(newsletter.voteNotices, siteContent),
  };
}

/**
 * A form route's action and middleware: a post without JavaScript is answered with the form's page, the page script's
 * (Accept: application/json) with the result as JSON (decision 041).
 */
export function formRoute(name: FormName) {
  const post = (request: Request, context: Readonly<RouterContextProvider>) =>
    formAction(leadFormsOf(context)[name], request, formPostServicesOf(context));
  return {
    action: ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => post(request, context),
    middleware: [answerScriptsInJson(name, post)],
  };
}
