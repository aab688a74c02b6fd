import { ContactForm } from "~/components/forms/contact-form";
import { FormOutcome } from "~/components/forms/form-parts";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { EXCEPTION_RESULT, type FormResult } from "~/lib/form-result";
import { buildMeta } from "~/lib/meta";
import { submitContact } from "~/lib/submissions.server";
import type { Route } from "./+types/forms.contact";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Send us a message", description: "Write to the Replywise team.", path: "/forms/contact", noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  return submitContact(request, context);
}

// A request that never got an answer (offline, refused) becomes a failure the form can show, not an error page.
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<FormResult> {
  try {
    return await serverAction();
  } catch {
    return EXCEPTION_RESULT;
  }
}

export default function ContactFormPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Send us a message" description="We'll get back to you as soon as possible." />
      <Container className="flex max-w-2xl flex-col gap-8 py-14">
        <FormOutcome kind="contact" result={actionData} />
        <ContactForm key={actionData?.status} result={actionData} />
      </Container>
    </>
  );
}
