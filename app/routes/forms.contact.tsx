import { answerOrException, FormOutcome } from "~/components/forms/form-outcome";
import { ContactForm } from "~/features/leads";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { formAction } from "~/lib/forms/action.server";
import { formPostServicesOf, leadFormsOf } from "~/forms.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { buildMeta } from "~/lib/meta";
import type { Route } from "./+types/forms.contact";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Send us a message", description: "Write to the Replywise team.", path: "/forms/contact", noindex: true });

export const headers = formHeaders;

export const action = ({ request, context }: Route.ActionArgs) =>
  formAction(leadFormsOf(context).contact, request, formPostServicesOf(context));

export const clientAction = answerOrException;

export default function ContactFormPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Send us a message" description="We'll get back to you as soon as possible." />
      <Container className="flex max-w-2xl flex-col gap-8 py-14">
        <FormOutcome name="contact" result={actionData} />
        <ContactForm lastResult={actionData} />
      </Container>
    </>
  );
}
