import { answerOrException, FormOutcome } from "~/components/forms/form-outcome";
import { ContactForm } from "~/components/forms/lazy-forms";
import { Container } from "~/components/layout/container";
import { PageHeader } from "~/components/layout/page-header";
import { noticesContext } from "~/context";
import { contactRequests } from "~/lib/db/schema";
import { formAction } from "~/lib/forms/action.server";
import { formHeaders } from "~/lib/forms/guard.server";
import { buildMeta } from "~/lib/meta";
import { ContactFormSchema } from "~/lib/schemas/contact";
import type { Route } from "./+types/forms.contact";

export const meta: Route.MetaFunction = () =>
  buildMeta({ title: "Send us a message", description: "Write to the Replywise team.", path: "/forms/contact", noindex: true });

export const headers = formHeaders;

export const action = formAction({
  name: "contact",
  schema: ContactFormSchema,
  async store(tx, message, context, visit) {
    const [row] = await tx
      .insert(contactRequests)
      .values({ ...message, ...visit, requestType: "contact" })
      .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
    if (row) await context.get(noticesContext).contactRequest(tx, { ...message, ...row });
  },
});

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
