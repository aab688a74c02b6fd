import { answerOrException, FormOutcome } from "~/components/forms/form-outcome";
import { NewsletterForm } from "~/features/newsletter";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { formAction } from "~/lib/forms/action.server";
import { formPostServicesOf, leadFormsOf } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/forms.newsletter";

export const meta: Route.MetaFunction = () =>
  buildMeta({
    title: "Newsletter",
    description: "New templates, guides and tools from Replywise, by email.",
    path: "/forms/newsletter",
    noindex: true,
  });

export const headers = formHeaders;

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(leadFormsOf(context).newsletter, request, formPostServicesOf(context));

export const clientAction = answerOrException;

/** The page the visitor signed up from, kept through a failed try so the address is recorded with it. */
function sourceOf(result: Route.ComponentProps["actionData"]) {
  const source = result?.reply.initialValue?.source;
  return typeof source === "string" && source.startsWith("/") && source !== "/" ? source : "/forms/newsletter";
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
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
    </>
  );
}
