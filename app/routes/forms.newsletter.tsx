import { FormOutcome } from "~/components/forms/form-outcome";
import { NewsletterForm } from "~/features/newsletter";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { FormToasts } from "~/components/forms/form-toasts";
import { formRoute } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage, usePageScript, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
import type { Route } from "./+types/forms.newsletter";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Newsletter",
    description: "New templates, guides and tools from Replywise, by email.",
    path: "/forms/newsletter",
    noindex: true,
  });

// No React: with JavaScript the form is sent in place by the page script, as on the pages that show it (decision 041).
export const handle: HydrationHandle & PageScriptHandle = { ...staticPage, script: leadFormsScript };
export const headers = formHeaders;

// A post without JavaScript gets this page; the page script's gets JSON (decision 041).
const post = formRoute("newsletter");
export const middleware = post.middleware;
export const action = post.action;

/** The page the visitor signed up from, kept through a failed try so the address is recorded with it. */
function sourceOf(result: Route.ComponentProps["actionData"]) {
  const source = result?.reply.initialValue?.source;
  return typeof source === "string" && source.startsWith("/") && source !== "/" ? source : "/forms/newsletter";
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  usePageScript(leadFormsScript);
  return (
    <>
      <PageHeader title="Newsletter" description="One practical email when we publish a new template, guide, tool or blog post." />
      <Container className="flex max-w-xl flex-col gap-8 py-14">
        <FormOutcome name="newsletter" result={actionData} />
        {actionData?.status === "success" ? (
          <p>
            <a href="/" className="font-medium text-primary underline-offset-4 hover:underline">
              Return to Home
            </a>
          </p>
        ) : (
          <NewsletterForm source={sourceOf(actionData)} lastResult={actionData} />
        )}
      </Container>
      <FormToasts />
    </>
  );
}
