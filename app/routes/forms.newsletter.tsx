import { FormOutcome } from "~/components/forms/form-parts";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { EXCEPTION_RESULT, type FormResult } from "~/lib/form-result";
import { buildMeta } from "~/lib/meta";
import { NewsletterSchema } from "~/lib/schemas/newsletter";
import { submitNewsletter } from "~/lib/submissions.server";
import type { Route } from "./+types/forms.newsletter";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Newsletter",
    description: "New templates, guides and tools from Replywise, by email.",
    path: "/forms/newsletter",
    noindex: true,
  });

export async function action({ request, context }: Route.ActionArgs) {
  return submitNewsletter(request, context);
}

// A request that never got an answer (offline, refused) becomes a failure the form can show, not an error page.
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<FormResult> {
  try {
    return await serverAction();
  } catch {
    return EXCEPTION_RESULT;
  }
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const values = actionData && actionData.status !== "success" ? actionData.values : {};
  const source = NewsletterSchema.shape.source.parse(values.source);
  return (
    <>
      <PageHeader title="Newsletter" description="One practical email when we publish a new template, guide or tool." />
      <Container className="flex max-w-xl flex-col gap-8 py-14">
        <FormOutcome kind="newsletter" result={actionData} />
        {actionData?.status === "success" ? (
          <p>
            <a href="/" className="font-medium text-primary underline-offset-4 hover:underline">
              Return to Home
            </a>
          </p>
        ) : (
          <NewsletterForm key={actionData?.status} source={source === "/" ? "/forms/newsletter" : source} defaultEmail={values.email} />
        )}
      </Container>
    </>
  );
}
