import { FormOutcome } from "~/components/forms/form-outcome";
import { FeatureRequestForm, featureRequestCopy } from "~/features/leads";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { FormToasts } from "~/components/forms/form-toasts";
import { formRoute } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { staticPage, usePageScript, type HydrationHandle, type PageScriptHandle } from "~/lib/hydration";
import { buildMeta } from "~/lib/meta";
import { leadFormsScript } from "~/lib/page-scripts/lead-forms";
import type { Route } from "./+types/forms.feature-request";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Request a feature",
    description: "Tell the Replywise team what to build next.",
    path: "/forms/feature-request",
    noindex: true,
  });

// No React: with JavaScript the form is sent in place by the page script, as on the pages that show it (decision 041).
export const handle: HydrationHandle & PageScriptHandle = { ...staticPage, script: leadFormsScript };
export const headers = formHeaders;

// A post without JavaScript gets this page; the page script's gets JSON (decision 041).
const post = formRoute("feature-request");
export const middleware = post.middleware;
export const action = post.action;

export default function FeatureRequestPage({ actionData }: Route.ComponentProps) {
  usePageScript(leadFormsScript);
  return (
    <>
      <PageHeader title={featureRequestCopy.title} description={featureRequestCopy.description} />
      <Container className="flex max-w-2xl flex-col gap-8 py-14">
        <FormOutcome name="feature-request" result={actionData} />
        {actionData?.status === "success" ? (
          <p>
            <a href="/roadmap" className="font-medium text-primary underline-offset-4 hover:underline">
              Back to the roadmap
            </a>
          </p>
        ) : (
          <FeatureRequestForm lastResult={actionData} />
        )}
      </Container>
      <FormToasts />
    </>
  );
}
