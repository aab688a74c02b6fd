import { answerOrException, FormOutcome } from "~/components/forms/form-outcome";
import { FeatureRequestForm, featureRequestCopy } from "~/features/leads";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { formAction } from "~/lib/forms/action.server";
import { formPostServicesOf, leadFormsOf } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/forms.feature-request";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Request a feature",
    description: "Tell the Replywise team what to build next.",
    path: "/forms/feature-request",
    noindex: true,
  });

export const headers = formHeaders;

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(leadFormsOf(context)["feature-request"], request, formPostServicesOf(context));

export const clientAction = answerOrException;

export default function FeatureRequestPage({ actionData }: Route.ComponentProps) {
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
    </>
  );
}
