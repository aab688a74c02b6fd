import { FeatureRequestForm } from "~/components/forms/feature-request-dialog";
import { FormOutcome } from "~/components/forms/form-parts";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { EXCEPTION_RESULT, type FormResult } from "~/lib/form-result";
import { buildMeta } from "~/lib/meta";
import { submitFeatureRequest } from "~/lib/submissions.server";
import type { Route } from "./+types/forms.feature-request";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Request a feature",
    description: "Tell the Replywise team what to build next.",
    path: "/forms/feature-request",
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  return submitFeatureRequest(request, context);
}

// A request that never got an answer (offline, refused) becomes a failure the form can show, not an error page.
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<FormResult> {
  try {
    return await serverAction();
  } catch {
    return EXCEPTION_RESULT;
  }
}

export default function FeatureRequestPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Request a Feature" description="Tell us what would make Replywise more useful for you. We read every request." />
      <Container className="flex max-w-2xl flex-col gap-8 py-14">
        <FormOutcome kind="feature-request" result={actionData} />
        {actionData?.status === "success" ? (
          <p>
            <a href="/roadmap" className="font-medium text-primary underline-offset-4 hover:underline">
              Back to the roadmap
            </a>
          </p>
        ) : (
          <FeatureRequestForm key={actionData?.status} result={actionData} />
        )}
      </Container>
    </>
  );
}
